import { useAtomValue } from 'jotai';
import { AdminAvatarMenu } from './AdminAvatarMenu.tsx';
import { AdminLoginDisclosure } from './AdminLoginDisclosure.tsx';
import { adminSessionAtom } from './adminSession.ts';
import './auth.css';

/** Right-hand end of the site header: a login card for visitors, the avatar menu for an admin. */
export function HeaderAuthSlot() {
  const { status } = useAtomValue(adminSessionAtom);
  if (status === 'admin') return <AdminAvatarMenu />;
  if (status === 'visitor') return <AdminLoginDisclosure />;
  // Until the one start-up check answers, keep the space so the header does not jump.
  return <span className="auth-slot-pending" aria-hidden="true" />;
}
