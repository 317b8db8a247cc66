/**
 * The page as the app shows it: a phone-sized screen with the app's bar and typography. The
 * HTML is the editor's (TipTap writes only its schema's markup, the same the server keeps)
 * or, before the editor is there, the server's stored text.
 */
export function Preview({ title, html }: { title: string; html: string }) {
  return (
    <div className="cms-phone" role="region" aria-label={`${title} as the app shows it`}>
      <div className="cms-phone-bar">
        <span aria-hidden>‹</span>
        <strong>{title}</strong>
        <span aria-hidden />
      </div>
      {/* Sanitized markup only: see the comment above. */}
      <div className="cms-phone-body app-prose" data-testid="cms-preview" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
