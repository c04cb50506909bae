/**
 * Pure toast bookkeeping. The specification allows one toast on screen at a time: a new toast
 * replaces the old one, and a dismissed toast lingers (closed, so it can animate out) until it is
 * removed TOAST_REMOVE_DELAY ms later.
 */

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 5000;
export const DEFAULT_TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast dismisses itself; Infinity keeps it until closed. */
  duration?: number;
}

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export type ToastAction =
  { type: 'add'; toast: Toast } | { type: 'dismiss'; id?: string } | { type: 'remove'; id?: string };

export function createToast(id: string, options: ToastOptions): Toast {
  return {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    duration: options.duration ?? DEFAULT_TOAST_DURATION,
    open: true,
  };
}

export function toastReducer(state: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state.filter((t) => t.id !== action.toast.id)].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}
