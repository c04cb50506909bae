import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function SearchPage() {
  return (
    <PlannedPage
      title="UK Crime Data Search"
      lead="Look up police-recorded crime around a postcode, within a police neighbourhood, or across a whole police force."
      plannedContent={[
        'A search by UK postcode within one mile, with postcode suggestions as you type.',
        'Advanced options to search a police neighbourhood or a whole force, over a period you choose.',
        'Totals, the most common crime types, the resolution rate and crime rates per 1,000 residents.',
        'A month-by-month chart and a table of individual incidents, ten to a page.',
        'Stop-and-search figures and the local police team for the area.',
      ]}
    />
  );
}
