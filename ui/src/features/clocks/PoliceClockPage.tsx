import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function PoliceClockPage() {
  return (
    <PlannedPage
      eyebrow="Police-recorded crime"
      title="Police Crime Clock"
      lead="A live count of crime recorded by the police forces of England and Wales so far this year."
      plannedContent={[
        'A large year-to-date counter and how many seconds pass between recorded crimes.',
        'Up to 13 crime category cards, each with its own rate and progress bar.',
        'Where the figures come from and when they were last updated.',
      ]}
    />
  );
}
