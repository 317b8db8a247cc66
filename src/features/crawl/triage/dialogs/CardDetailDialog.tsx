import { useSnapshot } from 'valtio';
import type { Card } from '@contract/card';
import type { CardRef, Candidate } from '@contract/crawl';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import type { History } from '../triageTypes';
import { triage, cardDialogs } from '../model';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';
import { Modal } from '@/ui/Modal';
import { Badge, formatMoney } from '@/ui/bits';
import { isMissing, useCards } from '@/ui/lookups';
import { STATE_LABEL } from '@/features/crawl/counts';
import { DecisionList } from '../RefHistory';

interface Row {
  label: string;
  crawled: string | null;
  live: string | null;
  /** Compared as numbers (a fee), else as words (case and spacing aside). */
  numeric?: boolean;
}

const words = (v: string) => v.toLowerCase().replace(/\s+/g, ' ').trim();

/** A field differs when the site gave it and the live card says otherwise. */
function differs(r: Row): boolean {
  if (r.crawled === null || r.crawled === '') return false;
  if (r.numeric) return Number(r.crawled) !== Number(r.live ?? NaN);
  return words(r.crawled) !== words(r.live ?? '');
}

function rowsOf(ref: CardRef, card: Card | null, sourceBank: string | null): Row[] {
  return [
    { label: 'Name', crawled: ref.name, live: card?.name ?? null },
    { label: 'Bank', crawled: ref.bank_name ?? sourceBank, live: card?.bank_name ?? null },
    { label: 'Network', crawled: ref.network, live: card?.network_type ?? null },
    {
      label: 'Annual fee',
      crawled: ref.annual_fee === null ? null : String(ref.annual_fee),
      live: card ? String(card.annual_fee) : null,
      numeric: true,
    },
    { label: 'Benefits', crawled: ref.benefits, live: card?.description ?? null },
    { label: 'Status', crawled: ref.confirmed_status, live: card?.status ?? null },
  ];
}

const shown = (r: Row, v: string | null) =>
  v === null || v === '' ? <span className="muted">—</span> : r.numeric ? formatMoney(Number(v)) : v;

/**
 * The card detail dialog (i): the crawled card's fields beside the live card it is assigned to
 * (or was created as), else beside its top candidate, the fields that differ marked, and the
 * ref's decisions. From here the other two dialogs are one button away.
 */
export function CardDetailDialog() {
  const d = useSnapshot(cardDialogs.state);
  const t = useSnapshot(triage.state);
  const ref = d.open === 'detail' ? (t.refs.find((r) => r.id === d.refId) as CardRef | undefined) : undefined;
  const candidate =
    ref && ref.card_id === null && t.focus?.refId === ref.id
      ? (t.focus.candidates[0] as Candidate | undefined)
      : undefined;
  const liveId = ref?.card_id ?? candidate?.id ?? null;
  const live = useCards(liveId ? [liveId] : []);
  const found = live.records[0];
  const card = found && !isMissing(found) && found.id === liveId ? (found as Card) : null;
  const rows = ref ? rowsOf(ref, card, t.source?.bank_name ?? null) : [];
  const diffCount = card ? rows.filter(differs).length : 0;

  return (
    <Modal
      open={!!ref}
      title={ref ? `Card detail — ${ref.name}` : ''}
      onClose={cardDialogs.closeCardDialog}
      className="modal-wide"
      onFocusLost={() => triage.list.focusList()}
    >
      {ref && (
        <>
          <div className="modal-body card-detail">
            <p className="card-detail-lead">
              <Badge tone={ref.state === 'new' ? 'accent' : ref.state === 'skipped' ? 'off' : 'on'}>
                {STATE_LABEL[ref.state]}
              </Badge>
              {ref.card_id !== null ? (
                <span>{ref.state === 'created' ? 'Created as' : 'Assigned to'} the live card on the right.</span>
              ) : candidate ? (
                <span>
                  Not assigned yet: beside it, the top candidate ({Math.round(candidate.score * 100)}% match).
                </span>
              ) : (
                <span>Not assigned yet, and no live card looks like it.</span>
              )}
              {card && (
                <span className="muted">
                  {diffCount === 0
                    ? 'No field differs.'
                    : diffCount === 1
                      ? '1 field differs.'
                      : `${diffCount} fields differ.`}
                </span>
              )}
            </p>
            <table className="compare">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Crawled card</th>
                  <th scope="col">
                    {liveId ? (
                      <AppLink to={`/view-card/${liveId}`} onClick={cardDialogs.closeCardDialog}>
                        Live card {liveId}
                      </AppLink>
                    ) : (
                      'Live card'
                    )}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const diff = !!card && differs(r);
                  return (
                    <tr key={r.label} className={diff ? 'is-diff' : undefined}>
                      <th scope="row">
                        {r.label}
                        {diff && <span className="visually-hidden"> (differs)</span>}
                      </th>
                      <td>{shown(r, r.crawled)}</td>
                      <td>
                        {liveId === null ? (
                          <span className="muted">—</span>
                        ) : live.status === 'loading' && !card ? (
                          <span className="muted">Loading…</span>
                        ) : (
                          shown(r, r.live)
                        )}
                      </td>
                    </tr>
                  );
                })}
                <tr>
                  <th scope="row">Source key</th>
                  <td className="mono">{ref.source_key}</td>
                  <td>
                    {card ? (
                      card.display ? (
                        'Shown in the app'
                      ) : (
                        <span className="muted">Hidden from the app</span>
                      )
                    ) : null}
                  </td>
                </tr>
              </tbody>
            </table>
            <section aria-label="History" className="card-detail-history">
              <h3 className="triage-section-head">History</h3>
              <DecisionList history={t.history?.refId === ref.id ? (t.history as History) : null} />
            </section>
          </div>
          <div className="modal-actions">
            {candidate && triage.canDecide() && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  cardDialogs.closeCardDialog();
                  void runCommand('crawl.triage.assign1', 'button');
                }}
              >
                Assign to {candidate.title}
              </button>
            )}
            <CommandButton id="crawl.triage.selectCard" noKbd />
            <CommandButton id="crawl.triage.createCardDialog" noKbd />
            <span className="spacer" />
            {/* Focus starts here: Enter on it only closes, never decides. */}
            <button type="button" className="btn" data-autofocus onClick={cardDialogs.closeCardDialog}>
              Close <Kbd shortcut="escape" />
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
