import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { AdminAvatarMenu } from './AdminAvatarMenu.tsx';
import { AdminLoginDisclosure } from './AdminLoginDisclosure.tsx';
import { adminSessionAtom } from './adminSession.ts';
import './auth.css';

/** Right-hand end of the site header: a login card for visitors, the avatar menu for an admin. */
export function HeaderAuthSlot() {
  const { status } = useAtomValue(adminSessionAtom);
  // Signing in here replaces the login card, and the focus in it, with the avatar menu: the menu's
  // button then takes the focus, so a keyboard user goes on from where they were.
  const [shownLogin, setShownLogin] = useState(false);
  if (status === 'visitor' && !shownLogin) setShownLogin(true);
  if (status === 'admin') return <AdminAvatarMenu takeFocus={shownLogin} />;
  if (status === 'visitor') return <AdminLoginDisclosure />;
  // Until the one start-up check answers, keep the space so the header does not jump.
  return <span className="auth-slot-pending" aria-hidden="true" />;
}
