import { useAtom } from 'jotai';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { SearchResponse } from '../../../../common/search/types.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { PoliceTeamCard } from './PoliceTeamCard.tsx';
import { teamFor } from './policeTeam.ts';
import { policeDataShownAtom } from './searchAtoms.ts';
import { StopSearchCard } from './StopSearchCard.tsx';
import type { StopSearchScope } from './stopSearchText.ts';

/** Stop-and-search and the local police team, fetched only while the panel is open. */
export function PoliceDataPanel({ response }: { response: SearchResponse }) {
  const intl = useIntl();
  const [shown, setShown] = useAtom(policeDataShownAtom);
  const panelId = useId();
  const { timeRange } = response.dataInfo;
  // A preset asks for the latest month held; chosen months ask for the last month chosen.
  const stopSearchMonth = timeRange.preset === null ? timeRange.end : undefined;

  return (
    <section className="police-data" aria-label={intl.formatMessage({ id: 'search.police.label' })}>
      <Button
        variant="secondary"
        className="police-data__toggle"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setShown(!shown)}
      >
        <ShieldIcon />
        {intl.formatMessage({ id: shown ? 'search.police.hide' : 'search.police.show' })}
      </Button>
      <div id={panelId} hidden={!shown} className="police-data__cards">
        {shown && (
          <>
            <StopSearchCard scope={stopSearchScope(response)} month={stopSearchMonth} />
            <PoliceTeamCard team={teamFor(response)} />
          </>
        )}
      </div>
    </section>
  );
}

/** A force search shows the whole force's stops; other searches, those near the place searched. */
function stopSearchScope(response: SearchResponse): StopSearchScope {
  const { searchType, area } = response.dataInfo;
  if (searchType === 'force' && area.forceId)
    return { kind: 'force', forceId: area.forceId, name: area.label };
  return { kind: 'area', position: response.coordinates, radiusSearch: searchType === 'radius' };
}

function ShieldIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <path
        d="M10 2 L16.5 4.5 V9.5 C16.5 13.5 13.7 16.6 10 18 C6.3 16.6 3.5 13.5 3.5 9.5 V4.5 Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
    </svg>
  );
}
