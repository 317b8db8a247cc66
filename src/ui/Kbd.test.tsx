// @vitest-environment jsdom
// A component test: the component rendered into jsdom by Testing Library, asserted by what a
// person (or a screen reader) gets. The pattern for views with logic of their own.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Kbd } from './Kbd';

afterEach(cleanup);

describe('Kbd', () => {
  it('keeps a button named by its words: the caps are hidden from the accessible name', () => {
    render(
      <button type="button">
        Edit bank <Kbd shortcut="e" />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Edit bank' })).toBeTruthy();
  });

  it('reads the shortcut out when it is the content', () => {
    render(<Kbd shortcut="g b" announce />);
    const caps = [...document.querySelectorAll('kbd')].map((k) => k.textContent);
    expect(caps).toEqual(['G', 'B']);
    expect(document.querySelector('.visually-hidden')?.textContent).toBeTruthy();
  });
});
