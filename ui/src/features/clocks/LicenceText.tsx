import { FormattedMessage } from 'react-intl';

export const OGL_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';

/** An attribution message whose `<licence>` words link to the Open Government Licence. */
export function LicenceText({ id }: { id: 'clocks.licenceOgl' | 'clocks.csew.licence' }) {
  return (
    <FormattedMessage
      id={id}
      values={{
        licence: (name) => (
          <a href={OGL_URL} rel="license noopener noreferrer">
            {name}
          </a>
        ),
      }}
    />
  );
}
