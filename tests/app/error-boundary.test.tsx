// A page that crashes shows a way out, and names the connection when the page's code did not arrive.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, isChunkLoadFailure } from '../../src/app/error-boundary';

afterEach(() => vi.restoreAllMocks());

function Throws({ error }: { error: unknown }): never {
  throw error;
}

describe('isChunkLoadFailure', () => {
  it('knows a failed dynamic import in the words of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(
      true,
    );
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('takes no other error for one', () => {
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
    expect(isChunkLoadFailure(new Error('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('ErrorBoundary', () => {
  it('hands the fallback the error, and renders the children again when its key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to fetch dynamically imported module: /page.js');
    const fallback = ({ error }: { error: unknown }) => (
      <p>{isChunkLoadFailure(error) ? 'the connection' : 'a bug'}</p>
    );
    const { rerender } = render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <Throws error={failure} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('the connection')).toBeInTheDocument();

    rerender(
      <ErrorBoundary resetKey="/b" fallback={fallback}>
        <p>the page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
  });
});
