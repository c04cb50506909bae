const OGL_NAME = 'Open Government Licence v3.0';
export const OGL_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';

/** An attribution text with the licence's name turned into a link to the licence. */
export function LicenceText({ text }: { text: string }) {
  const at = text.indexOf(OGL_NAME);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={OGL_URL} rel="license noopener noreferrer">
        {OGL_NAME}
      </a>
      {text.slice(at + OGL_NAME.length)}
    </>
  );
}
