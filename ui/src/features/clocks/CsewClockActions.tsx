import { ContactDialogButton } from '../contact/ContactDialog.tsx';
import { ReportIssueDialogButton } from '../contact/ReportIssueDialog.tsx';

/** The survey clock's Contact and Report Issue dialogs (spec: CSEW Crime Clock page). */
export function CsewClockActions() {
  return (
    <div className="clock-actions">
      <ContactDialogButton />
      <ReportIssueDialogButton />
    </div>
  );
}
