import type { ContactMessage, DataIssueReport } from '../../../common/contact/messages.ts';
import type { DataUpdateAlert, OutboxMessage } from './outbox.ts';
import type { OutgoingMail } from './smtp-client.ts';

/** The mail an administrator receives for a stored message: plain text, reply goes to the visitor. */
export function composeMail(message: OutboxMessage, addresses: { from: string; to: string }): OutgoingMail {
  const received = new Date(message.createdAt).toISOString();
  if (message.kind === 'contact') {
    const contact = message.payload as ContactMessage;
    return {
      ...addresses,
      replyTo: contact.email,
      subject: `Crime Clock contact message from ${contact.name}`,
      text: [
        `Name: ${contact.name}`,
        `Email: ${contact.email}`,
        `Received: ${received}`,
        ...(contact.timestamp ? [`Sent (visitor's clock): ${contact.timestamp}`] : []),
        '',
        contact.message,
        '',
        `-- Crime Clock message #${message.id}`,
      ].join('\n'),
    };
  }
  if (message.kind === 'data-update') {
    const alert = message.payload as DataUpdateAlert;
    return {
      ...addresses,
      subject: 'Crime Clock: the scheduled police data update keeps failing',
      text: [alert.message, '', `Received: ${received}`, `-- Crime Clock message #${message.id}`].join('\n'),
    };
  }
  const report = message.payload as DataIssueReport;
  return {
    ...addresses,
    subject: `Crime Clock data issue report (${report.page})`,
    text: [
      `Page: ${report.page}`,
      `Received: ${received}`,
      ...(report.timestamp ? [`Sent (visitor's clock): ${report.timestamp}`] : []),
      '',
      report.issue,
      '',
      `-- Crime Clock report #${message.id} (anonymous)`,
    ].join('\n'),
  };
}
