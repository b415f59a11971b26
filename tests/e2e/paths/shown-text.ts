/** A message as the page shows it: the model names its figures by placeholders ('{limit}'), the host fills them. */
export const shownText = (message: string): string | RegExp =>
  message.includes('{')
    ? new RegExp(
        message
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?'),
      )
    : message;
