import type { RefObject } from 'react';
import type { RefKind } from '@contract/crawl';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { Kbd } from '@/ui/Kbd';
import { Badge } from '@/ui/bits';
import { PaneBack } from '@/screens/PaneBack';
import { STATE_LABEL } from '../counts';
import type { AnyRef, Focus, History, OfferEditState } from './triageTypes';
import { Candidates } from './Candidates';
import { OfferEditPane } from './OfferEditPane';
import { RefFields } from './RefFields';
import { RefHistory } from './RefHistory';
import { STATE_TONE, refTitle } from './RefRow';

interface RefPaneProps {
  r: AnyRef;
  focus: Focus;
  kind: RefKind;
  history: History | null;
  editing: OfferEditState | null;
  formRef: RefObject<HTMLFormElement | null>;
}

/** The ref in focus: its decision keys as buttons, its fields, candidates and history (or its edit form). */
export function RefPane({ r, focus, kind, history, editing, formRef }: RefPaneProps) {
  const isNew = r.state === 'new';
  if (editing && editing.refId === r.id && 'title' in r)
    return <OfferEditPane r={r} editing={editing} formRef={formRef} />;
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{refTitle(r)}</h2>
        <Badge tone={STATE_TONE[r.state]}>{STATE_LABEL[r.state]}</Badge>
        {kind !== 'offer' && <CommandButton id="crawl.triage.create" label="Create" />}
        {kind === 'offer' && <CommandButton id="crawl.triage.editOffer" label="Edit" />}
        {'card_id' in r && r.card_id !== null && (
          <CommandButton id="crawl.triage.discontinue" label="Discontinued" variant="ghost" />
        )}
        {'card_id' in r && r.card_id !== null && (
          <CommandButton id="crawl.triage.notDiscontinued" label="Not discontinued" variant="ghost" />
        )}
        <CommandButton id="crawl.triage.skip" label="Skip" />
        <CommandButton id="crawl.triage.undo" label="Undo" variant="ghost" />
      </header>
      <div className="pane-body triage-ref">
        {focus.status === 'taken' && (
          <div className="triage-notice is-warn" role="alert">
            <p>{focus.message ?? 'Another reviewer has this ref open.'}</p>
            <CommandButton id="list.next" label="Move on" />
          </div>
        )}
        {focus.status === 'failed' && (
          <div className="triage-notice is-warn" role="alert">
            <p>{focus.message}</p>
            <button type="button" className="btn" onClick={() => void runCommand('list.open', 'button', r.id)}>
              Retry
            </button>
          </div>
        )}
        {!isNew && focus.status !== 'taken' && (
          <div className="triage-notice">
            <p>
              Decided: {STATE_LABEL[r.state].toLowerCase()}
              {'card_name' in r && r.card_name ? ` — ${r.card_name}` : ''}.
            </p>
            <span className="muted">
              <Kbd shortcut="u" /> undoes the last decision made here
            </span>
          </div>
        )}
        <RefFields r={r} />
        {kind === 'card' && (
          <div className="triage-tools" role="group" aria-label="Card dialogs">
            <CommandButton id="crawl.triage.cardDetail" label="Detail" />
            <CommandButton id="crawl.triage.selectCard" label="Select card…" />
            <CommandButton id="crawl.triage.createCardDialog" label="Create with fields…" />
          </div>
        )}
        {kind !== 'offer' && <Candidates focus={focus} disabled={!isNew} noun={kind} />}
        {kind === 'offer' && (
          <p className="muted">
            Offers go live by source: <Kbd shortcut="x" /> checks this one for “Onboard checked offers”; the palette
            onboards the whole source.
          </p>
        )}
        <RefHistory history={history?.refId === r.id ? history : null} />
      </div>
    </div>
  );
}
