import { useRef } from 'react';
import { CARD_FLASH_MS, cardFlashMs, peakBadge, speedLabel } from '../../../../common/clock/animation.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { cx } from '../../shared/ui/classNames.ts';
import { clockMessage } from './clockIntl.ts';
import type { ClockEvent } from './clockText.ts';
import { frameCounter, type FrameGroupName } from './clockFrame.ts';
import { EveryText, ProgressToNext, TickingCount, UntilNextText } from './ClockParts.tsx';
import { useFrame } from './frameContext.tsx';
import { useFlashOnRise } from './motion.ts';

export interface CategoryCardProps {
  group: FrameGroupName;
  id: string;
  name: string;
  /** The survey clock marks each incident card PEAK or OFF-PEAK. */
  showPeakBadge?: boolean;
  /** What one event is: a crime, or a person affected on the prevalence cards. */
  what?: ClockEvent;
}

/** One category: its count, rate, a bar filling towards the next event, and the time left to it. */
export function CategoryCard({ group, id, name, showPeakBadge = false, what = 'crime' }: CategoryCardProps) {
  // Joined into one string so the card re-renders only when one of them changes.
  const state = useFrame((frame) => {
    const c = frameCounter(frame, group, id);
    if (!c) return null;
    return [
      Math.floor(c.value),
      peakBadge(c.isInPeakPeriod),
      speedLabel(c.isInPeakPeriod, c.speedFactor) ?? '',
      cardFlashMs(c.isInPeakPeriod, c.speedFactor),
    ].join('|');
  }, null);
  const [whole, badge = '', label = '', flashMs] = state?.split('|') ?? [];

  const card = useRef<HTMLLIElement>(null);
  useFlashOnRise(card, whole === undefined ? null : Number(whole), Number(flashMs ?? CARD_FLASH_MS));

  return (
    <li ref={card} className="category-card" data-category={id}>
      {/* Always there on incident cards, even empty, so their counts line up. People affected
          are counted at a constant rate: never peak, never faster or slower. */}
      {group === 'incidents' && (
        <div className="category-card__tags">
          {showPeakBadge && badge && (
            <span
              className={cx('clock-badge', badge === 'PEAK' ? 'clock-badge--peak' : 'clock-badge--off-peak')}
            >
              {clockMessage(PAGE_LOCALE, badge === 'PEAK' ? 'clocks.badge.peak' : 'clocks.badge.offPeak')}
            </span>
          )}
          {label && (
            <span
              className={cx(
                'clock-speed',
                label === 'FASTER' ? 'clock-speed--faster' : 'clock-speed--slower',
              )}
            >
              {clockMessage(PAGE_LOCALE, label === 'FASTER' ? 'clocks.speed.faster' : 'clocks.speed.slower')}
            </span>
          )}
        </div>
      )}
      <TickingCount group={group} id={id} className="category-card__count" />
      <h3 className="category-card__name">{name}</h3>
      <p className="category-card__rate">
        <EveryText group={group} id={id} what={what} />
      </p>
      <ProgressToNext group={group} id={id} className="category-card__progress" />
      <p className="category-card__next">
        <UntilNextText group={group} id={id} what={what} />
      </p>
    </li>
  );
}
