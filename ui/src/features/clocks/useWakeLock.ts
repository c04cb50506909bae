import { useEffect } from 'react';

/**
 * Keeps the screen on while `enabled`, where the browser offers the Screen Wake Lock API. The
 * browser drops the lock whenever the page is hidden, so it is asked for again on return.
 */
export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let active = true;

    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const sentinel = await navigator.wakeLock.request('screen');
        if (active) lock = sentinel;
        else void sentinel.release();
      } catch {
        // Refused (power saving, a permissions policy, no user activation yet): the screen may
        // dim, which is all the lock was for; the next visibility change tries again.
      }
    };

    const onVisibilityChange = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      void lock?.release();
    };
  }, [enabled]);
}
