import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function CsewClockPage() {
  return (
    <PlannedPage
      eyebrow="Crime Survey for England and Wales"
      title="CSEW Crime Clock"
      lead="A live estimate of crime in England and Wales since 1 January, based on what people tell the Crime Survey for England and Wales, including crime never reported to the police."
      plannedContent={[
        'A live counter of estimated incidents since 1 January, ticking up every tenth of a second.',
        'One card per crime category, marked PEAK or OFF-PEAK by the time of day in the UK.',
        'A prevalence clock counting the people affected so far this calendar year.',
        'Notes on the data source, the survey year and when the figures are next updated.',
        'A contact form and an anonymous way to report a problem with the data.',
      ]}
    />
  );
}
