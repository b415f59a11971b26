import { useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { useI18n } from '../../i18n/i18n';

/** What a form does with the boxes: after a refused submit, focus the first empty one. */
export interface OtpBoxesHandle {
  focusFirstEmpty: () => void;
}

export interface OtpBoxesProps {
  /** The machine's boxes ('' when empty) and the box that has the focus. */
  digits: string[];
  focusedIndex: number;
  /** The id of the element that says what is wrong (or null when nothing is). */
  errorId: string | null;
  onDigit: (index: number, value: string) => void;
  onBackspace: (index: number) => void;
  onPaste: (text: string) => void;
  handle?: Ref<OtpBoxesHandle>;
}

/**
 * Six one-digit boxes (a flow machine's `shared/otp-entry` state): the focus follows the machine's focusedIndex
 * (auto-advance, backspace back, paste to the last box), the arrow keys move between boxes, the first box offers
 * the one-time code the phone received.
 */
export function OtpBoxes({
  digits,
  focusedIndex,
  errorId,
  onDigit,
  onBackspace,
  onPaste,
  handle,
}: OtpBoxesProps) {
  const { t } = useI18n();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const mounted = useRef(false);

  useImperativeHandle(handle, () => ({
    focusFirstEmpty: () => {
      const firstEmpty = boxes.current.findIndex((box) => box?.value === '');
      boxes.current[Math.max(firstEmpty, 0)]?.focus();
    },
  }));

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    boxes.current[focusedIndex]?.focus();
  }, [focusedIndex, digits]);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      onBackspace(index);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  };

  return (
    <div className="otp-boxes">
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder: the index is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={2}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.digit', { position: index + 1 })}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ?? undefined}
          value={digit}
          onChange={(event) => onDigit(index, event.target.value)}
          onKeyDown={onKeyDown(index)}
          onFocus={(event) => event.target.select()}
          onPaste={(event) => {
            event.preventDefault();
            onPaste(event.clipboardData.getData('text'));
          }}
        />
      ))}
    </div>
  );
}
