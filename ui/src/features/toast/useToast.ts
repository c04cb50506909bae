import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { dismissToastAtom, showToastAtom } from './toastAtoms.ts';
import type { ToastOptions } from './toastState.ts';

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

export function useToast(): {
  toast: (options: ToastOptions) => ToastHandle;
  dismiss: (id?: string) => void;
} {
  const show = useSetAtom(showToastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return useMemo(
    () => ({
      toast: (options: ToastOptions) => {
        const id = show(options);
        return { id, dismiss: () => dismiss(id) };
      },
      dismiss: (id?: string) => dismiss(id),
    }),
    [show, dismiss],
  );
}
