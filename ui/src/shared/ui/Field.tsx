import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './classNames.ts';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; the label and hint are wired to the input for assistive technology. */
export function Field({ label, hint, id, className, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {input.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input id={inputId} className="field__input" aria-describedby={hintId} {...input} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
