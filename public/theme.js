// The theme in effect before the first paint, so a dark system never flashes light;
// src/store/ui.ts keeps it up to date afterwards. A file of its own (not inline in
// index.html): the Content-Security-Policy allows no inline script.
try {
  var t = localStorage.getItem('theme');
  document.documentElement.dataset.theme =
    t === 'light' || t === 'dark' ? t : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
} catch {
  // No storage (private mode, blocked cookies): the page follows the system theme.
}
