import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { AdminAvatarMenu } from './AdminAvatarMenu.tsx';
import { AdminLoginDisclosure } from './AdminLoginDisclosure.tsx';
import { adminSessionAtom } from './adminSession.ts';
import './auth.css';

/**
 * Right-hand end of the site header: the avatar menu for an admin, nothing for a visitor (whose
 * quiet "Admin login" sits in the footer, FooterAdminLogin).
 */
export function HeaderAuthSlot() {
  const { status } = useAtomValue(adminSessionAtom);
  // Signing in here replaces the login card, and the focus in it, with the avatar menu: the menu's
  // button then takes the focus, so a keyboard user goes on from where they were.
  const [shownLogin, setShownLogin] = useState(false);
  if (status === 'visitor' && !shownLogin) setShownLogin(true);
  if (status === 'admin') return <AdminAvatarMenu takeFocus={shownLogin} />;
  return null;
}

/** The footer's "Admin login", for visitors only: an admin has the header's avatar menu. */
export function FooterAdminLogin() {
  const { status } = useAtomValue(adminSessionAtom);
  return status === 'visitor' ? <AdminLoginDisclosure quiet /> : null;
}
