import { useIntl } from 'react-intl';
import { Card } from '../../shared/ui/Card.tsx';
import { LoadingLine } from './LoadingLine.tsx';
import type { PoliceTeam } from './policeTeam.ts';
import { rankBadge, rankLabel } from './policeRanks.ts';
import type { PoliceMember } from '../../../../common/contracts/forces.ts';
import { usePoliceTeamQuery } from './searchQueries.ts';

/** Links to a team's pages; the website's words are translated, the services' names are not. */
const LINK_LABELS: Record<string, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
};
const TEXT_CONTACTS = new Set(['email', 'telephone', 'mobile', 'fax', 'address']);

export function PoliceTeamCard({ team }: { team: PoliceTeam | null }) {
  const intl = useIntl();
  const state = usePoliceTeamQuery(team);
  const answer = state.data;
  const members = answer?.members ?? [];

  return (
    <Card
      title={intl.formatMessage({ id: 'search.team.title' })}
      className="police-team"
      description={
        team
          ? team.neighbourhoodId
            ? intl.formatMessage({ id: 'search.team.neighbourhood' }, { label: team.label })
            : `${team.label}.`
          : undefined
      }
    >
      {team && state.isPending ? (
        <LoadingLine text={intl.formatMessage({ id: 'search.team.loading' })} />
      ) : state.isError || answer?.source === 'unavailable' ? (
        // The server logs what went wrong; the page says only what it means for the visitor.
        <p className="muted">{intl.formatMessage({ id: 'search.team.unavailable' })}</p>
      ) : members.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'search.team.empty' })}</p>
      ) : (
        <>
          {answer?.source === 'stale-cache' && answer.reason && (
            <p className="police-team__reason">{answer.reason}</p>
          )}
          <ul className="team-list">
            {members.map((member, index) => (
              <TeamMember key={`${member.name}-${index}`} member={member} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function TeamMember({ member }: { member: PoliceMember }) {
  const contacts = Object.entries(member.contact_details ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  return (
    <li className="team-member">
      <div className="team-member__head">
        <span className="team-member__avatar" aria-hidden="true">
          {initials(member.name)}
        </span>
        <div>
          <p className="team-member__name">{member.name}</p>
          {member.rank && (
            <span className={`rank-badge rank-badge--${rankBadge(member.rank)}`}>
              {rankLabel(member.rank)}
            </span>
          )}
        </div>
      </div>
      {member.bio && (
        // The server sanitises bios to a small set of tags and safe links before sending them. The
        // police write them in English only: marked so, a Welsh page's screen reader says them right.
        <div className="team-member__bio" lang="en-GB" dangerouslySetInnerHTML={{ __html: member.bio }} />
      )}
      {contacts.length > 0 && (
        <ul className="team-member__contacts">
          {contacts.map(([kind, value]) => (
            <li key={kind}>
              <Contact kind={kind} value={value} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Contact({ kind, value }: { kind: string; value: string }) {
  const intl = useIntl();
  const label = (key: string) =>
    key === 'web' ? intl.formatMessage({ id: 'search.team.website' }) : (LINK_LABELS[key] ?? key);
  if (kind === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  if (kind === 'telephone' || kind === 'mobile') {
    return (
      <>
        <span className="muted">
          {intl.formatMessage({ id: kind === 'mobile' ? 'search.team.mobile' : 'search.team.telephone' })}
          :{' '}
        </span>
        <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a>
      </>
    );
  }
  if (TEXT_CONTACTS.has(kind)) {
    return (
      <>
        <span className="muted">
          {intl.formatMessage({ id: kind === 'fax' ? 'search.team.fax' : 'search.team.address' })}:{' '}
        </span>
        {value}
      </>
    );
  }
  // Only web addresses become links; anything else is shown as text.
  if (/^https?:\/\//i.test(value)) {
    return (
      <a href={value} target="_blank" rel="noopener noreferrer nofollow">
        {label(kind)}
      </a>
    );
  }
  return (
    <>
      <span className="muted">{label(kind)}: </span>
      {value}
    </>
  );
}

function initials(name: string): string {
  const letters = name
    .replace(/\b(PC|PCSO|PS|Sgt|Insp|DC|DS)\b\.?/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase());
  return (letters.length > 1 ? `${letters[0]}${letters.at(-1)}` : (letters[0] ?? '?')).slice(0, 2);
}
