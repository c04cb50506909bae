/**
 * The embeddable clock's own entry (ui/embed.html): plain DOM over the clocks' shared feed and
 * model, no React and no router, so a partner's page downloads a few tens of kilobytes, not the
 * application (docs/benchmarks.md). It shows the headline count, its pace, the source, a link to
 * how it is counted and to the full clock, and tells the page around it its height (embedHeight.ts).
 */
import { interval } from 'd3';
import { createStore } from 'jotai/vanilla';
import { TICK_MS } from '../../../../common/clock/animation.ts';
import { formatCount } from '../../../../common/clock/format.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';
import { INTL_LOCALE, type Locale } from '../../../../common/i18n/locale.ts';
import { embedKindOf } from '../../../../common/site/embed-paths.ts';
import {
  advanceClock,
  frameCounter,
  frameModeFor,
  NO_DISPLAYS,
  type ClockFrame,
} from '../clocks/clockFrame.ts';
import { clockAreaName } from '../clocks/clockAreaName.ts';
import { browserFeedDeps, ClockFeed } from '../clocks/clockFeed.ts';
import { failureWords, wordMessage as clockMessage } from '../clocks/clockWords.ts';
import { everyText, isSyntheticData, statusText } from '../clocks/clockText.ts';
import { coverageWords } from '../clocks/coverageWords.ts';
import type { FeedError, FeedState } from '../clocks/feedState.ts';
import { reportHeight } from './embedHeight.ts';
import { validateEmbedSearch, type EmbedSearch } from './embedSearch.ts';
import { embedText } from './embedText.ts';
import { staleWords } from '../clocks/staleWords.ts';
import '../../styles/tokens.css';
import '../../styles/status.css';
import '../../styles/base.css';
import '../clocks/clocks.css';
import './embed.css';

/** Screen readers hear the count at most this often, not at every tick. */
const ANNOUNCE_EVERY_MS = 10_000;
const DARK_QUERY = '(prefers-color-scheme: dark)';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function link(href: string, text: string): HTMLAnchorElement {
  const a = element('a', '', text);
  a.href = href;
  a.target = '_blank';
  a.rel = 'noopener';
  return a;
}

/**
 * Why the clock is not shown: in English the API's own sentence (it can name the place), in Welsh
 * the failure's message ids, as the pages do (ClockPending).
 */
function errorText(error: FeedError, locale: Locale): string {
  return locale === 'en' || !error.parts ? error.message : failureWords(error.parts, locale);
}

function applyTheme(root: HTMLElement, options: EmbedSearch) {
  const query = window.matchMedia(DARK_QUERY);
  const set = () =>
    (root.dataset.theme = options.theme === 'auto' ? (query.matches ? 'dark' : 'light') : options.theme);
  set();
  if (options.theme === 'auto') query.addEventListener('change', set);
}

export function mountEmbed(container: HTMLElement, kind: ClockKind, options: EmbedSearch) {
  const police = kind === 'police';
  const area = police ? options.area : undefined;
  const locale: Locale = options.lang ?? 'en';
  const say = (id: Parameters<typeof clockMessage>[1], values?: Parameters<typeof clockMessage>[2]) =>
    clockMessage(locale, id, values);
  const text = embedText(kind, locale);
  document.documentElement.lang = locale === 'cy' ? 'cy' : INTL_LOCALE.en;
  document.title = say('embed.documentTitle', { title: text.title });
  if (options.transparent) document.documentElement.classList.add('embed-page--transparent');

  const status = element('span', 'live-indicator live-indicator--connecting live-indicator--compact');
  status.setAttribute('role', 'status');
  const statusWords = document.createTextNode(statusText('connecting', locale, true));
  status.append(element('span', 'live-indicator__dot'), statusWords);
  status.firstElementChild!.setAttribute('aria-hidden', 'true');

  const announcer = element('p', 'visually-hidden');
  announcer.setAttribute('aria-live', 'polite');
  announcer.setAttribute('aria-atomic', 'true');

  const label = element('p', 'embed__label');
  const count = element('span', 'clock-count embed__count', '–');
  count.setAttribute('aria-hidden', 'true');
  const rate = element('p', 'embed__rate');
  const synthetic = element('p', 'embed__synthetic', say('clockWords.syntheticPlain'));
  synthetic.hidden = true;
  const stale = element('p', 'embed__stale');
  stale.hidden = true;
  const clock = element('div', 'embed__clock', label, count, rate, synthetic, stale);
  const pending = element('p', 'embed__pending', say('clockWords.loading'));
  const fullPath = area ? `${text.fullPath}?area=${encodeURIComponent(area)}` : text.fullPath;
  const source = element(
    'p',
    'embed__source',
    text.source,
    element('span', 'embed__source-detail', text.sourceDetail),
    '. ',
    link(`${fullPath}#how-this-is-counted`, say('clockWords.method.heading')),
    ' · ',
    link(fullPath, say('embed.openFull')),
  );
  const inner = element(
    'div',
    'embed__inner',
    element('div', 'embed__top', element('h1', 'embed__title', text.title), status),
    announcer,
    pending,
    source,
  );
  const root = element('div', `embed clock-theme embed--${options.size}`, inner);
  if (options.transparent) root.classList.add('embed--transparent');
  applyTheme(root, options);
  container.replaceChildren(root);
  reportHeight(inner, root);

  const store = createStore();
  const feed = new ClockFeed(
    kind,
    browserFeedDeps(() => undefined),
    store,
    area,
  );
  let shown: FeedState | null = null;
  let year: number | null = null;
  let coverage: string | undefined;
  const showLabel = () => {
    label.textContent = text.label(year, coverage);
  };
  const render = (state: FeedState) => {
    if (shown?.status !== state.status) {
      status.className = `live-indicator live-indicator--${state.status} live-indicator--compact`;
      statusWords.data = statusText(state.status, locale, true);
    }
    if (state.definition) {
      const meta = state.definition.meta;
      // An area's clock is named in the embed's language (clockAreaName); the whole store's by its coverage.
      coverage = police
        ? area !== undefined
          ? clockAreaName(area, locale, meta)
          : meta.coverage && coverageWords(meta.coverage, locale)
        : undefined;
      synthetic.hidden = !isSyntheticData(state.definition.meta);
      stale.textContent = (police && staleWords(meta.latestDataMonth, Date.now(), locale)) || '';
      stale.hidden = !stale.textContent;
      showLabel();
      if (pending.isConnected) pending.replaceWith(clock);
    } else if (state.error) {
      pending.textContent = say(state.error.final ? 'embed.cannotShow' : 'embed.couldNotLoad', {
        message: errorText(state.error, locale),
      });
    }
    shown = state;
  };

  let displays = NO_DISPLAYS;
  let shownResync = -1;
  let woken = false;
  let lastFrame: ClockFrame | null = null;
  const step = () => {
    const definition = store.get(feed.stateAtom).definition;
    const sample = store.get(feed.sampleAtom);
    if (!definition || !sample) return;
    const next = advanceClock(
      displays,
      definition,
      sample.tick,
      feed.serverNow(),
      performance.now(),
      frameModeFor(sample, shownResync, woken),
    );
    if (!next) return;
    woken = false;
    shownResync = sample.resync;
    displays = next.displays;
    lastFrame = next.frame;
    const total = frameCounter(next.frame, 'incidents', null);
    if (!total) return;
    const whole = String(Math.floor(total.value));
    if (count.dataset.value !== whole) {
      count.dataset.value = whole;
      count.textContent = formatCount(Number(whole));
    }
    const every = everyText(total.perSecond, 'crime', locale);
    if (rate.textContent !== every) rate.textContent = every;
    if (year !== next.frame.year) {
      year = next.frame.year;
      showLabel();
    }
  };
  const announce = () => {
    if (lastFrame) announcer.textContent = text.announce(lastFrame.incidents.total, lastFrame.year, coverage);
  };

  store.sub(feed.stateAtom, () => render(store.get(feed.stateAtom)));
  render(store.get(feed.stateAtom));
  feed.start();
  interval(step, TICK_MS);
  setInterval(announce, ANNOUNCE_EVERY_MS);
  setTimeout(announce, 1_500);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    woken = true;
    step();
  });
}

const kind = embedKindOf(window.location.pathname);
const container = document.getElementById('embed')!;
const options = validateEmbedSearch(Object.fromEntries(new URLSearchParams(window.location.search)));
if (kind) {
  mountEmbed(container, kind, options);
} else {
  const locale = options.lang ?? 'en';
  document.documentElement.lang = locale === 'cy' ? 'cy' : INTL_LOCALE.en;
  container.textContent = clockMessage(locale, 'embed.noClock');
}
