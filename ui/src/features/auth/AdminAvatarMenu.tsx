import { Link } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useDismiss, type DismissReason } from '../../shared/ui/useDismiss.ts';
import { adminSessionAtom, logoutAtom } from './adminSession.ts';

/**
 * The admin's menu in the site header: where the admin tools are, and the way out. With
 * `takeFocus` (just signed in) its button takes the focus the vanished login card had.
 */
export function AdminAvatarMenu({ takeFocus = false }: { takeFocus?: boolean }) {
  const session = useAtomValue(adminSessionAtom);
  const logout = useSetAtom(logoutAtom);
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const contact = session.admin?.username;
  const initial = (session.admin?.username ?? intl.formatMessage({ id: 'auth.admin' }))
    .charAt(0)
    .toUpperCase();

  // Focus goes back to the toggle on Escape; a click elsewhere keeps the focus where the click put it.
  const close = useCallback((reason: DismissReason = 'escape') => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, close);

  useEffect(() => {
    if (open) menuItems(menuRef.current)[0]?.focus();
  }, [open]);

  useEffect(() => {
    const focus = buttonRef.current?.ownerDocument.activeElement;
    if (takeFocus && (!focus || focus === buttonRef.current?.ownerDocument.body)) buttonRef.current?.focus();
  }, [takeFocus]);

  async function logOut() {
    setLoggingOut(true);
    await logout();
    window.location.reload();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = menuItems(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % items.length,
      ArrowUp: (current - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    items[target]?.focus();
  }

  return (
    <div className="avatar-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-menu__button"
        aria-label={intl.formatMessage({ id: 'auth.menu.button' })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label={intl.formatMessage({ id: 'auth.menu.label' })}
          className="avatar-menu__panel"
          onKeyDown={onMenuKeyDown}
        >
          <div className="avatar-menu__label" role="presentation">
            <p className="avatar-menu__role">{intl.formatMessage({ id: 'auth.menu.label' })}</p>
            {contact && <p className="avatar-menu__email">{contact}</p>}
          </div>
          <div className="avatar-menu__separator" role="separator" />
          <Link
            to="/admin"
            role="menuitem"
            tabIndex={-1}
            className="avatar-menu__item"
            onClick={() => setOpen(false)}
          >
            {intl.formatMessage({ id: 'auth.menu.profile' })}
          </Link>
          <Link
            to="/admin"
            role="menuitem"
            tabIndex={-1}
            className="avatar-menu__item"
            onClick={() => setOpen(false)}
          >
            {intl.formatMessage({ id: 'auth.menu.settings' })}
          </Link>
          <a href="/embed-demo.html" role="menuitem" tabIndex={-1} className="avatar-menu__item">
            {intl.formatMessage({ id: 'auth.menu.embedDemo' })}
          </a>
          <Link
            to="/admin"
            role="menuitem"
            tabIndex={-1}
            className="avatar-menu__item"
            onClick={() => setOpen(false)}
          >
            {intl.formatMessage({ id: 'auth.menu.adminTools' })}
          </Link>
          <Link
            to="/admin/smtp-settings"
            role="menuitem"
            tabIndex={-1}
            className="avatar-menu__item"
            onClick={() => setOpen(false)}
          >
            {intl.formatMessage({ id: 'auth.menu.emailSettings' })}
          </Link>
          <div className="avatar-menu__separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="avatar-menu__item avatar-menu__item--danger"
            disabled={loggingOut}
            onClick={() => void logOut()}
          >
            {intl.formatMessage({ id: loggingOut ? 'auth.menu.loggingOut' : 'auth.menu.logout' })}
          </button>
        </div>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')) : [];
}
