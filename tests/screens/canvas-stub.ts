/* jsdom has no canvas: react-barcode (jsbarcode) measures its text with a 2D context. A stub that measures every
 * character as 6 px lets it draw its bars into the <svg>, as it does in a real browser. Not a test file. */
export const stubCanvas = (): void => {
  const context = { measureText: (text: string) => ({ width: text.length * 6 }), font: '' };
  HTMLCanvasElement.prototype.getContext = (() => context) as unknown as HTMLCanvasElement['getContext'];
};
