import type { Card } from '@contract/card';
import { CommandButton } from '@/commands/CommandButton';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { SchemaForm, type FieldTweak } from '@/screens/SchemaForm';
import { formatDateTime } from '@/lib/format';
import { Badge, Dot, formatMoney, orDash, Thumb } from '@/ui/bits';
import { CARD_TYPES } from '@/ui/referenceOptions';
import { cardScreen } from './screen';
import './cards.css';

const ROW_HEIGHT = 42;

/**
 * What the card form says beyond the contract (contract/card.ts): a new card is a credit card,
 * free and shown; a blank fee stays blank (the server names the field, where a silent 0 would
 * read 'Free for life'); a discontinued card is hidden too.
 */
const CARD_FIELDS: Readonly<Record<string, FieldTweak>> = {
  name: { placeholder: 'e.g. Visa Infinite' },
  card_type: { options: CARD_TYPES, initial: 'credit', emptyLabel: 'Choose a type' },
  annual_fee: { initial: '0', hint: '0 for free for life.' },
  min_salary: { hint: 'Leave empty when none.' },
  status: {
    initial: 'Not Discontinued',
    sets: (status) => (status === 'Discontinued' ? { display: false } : undefined),
  },
  display: { label: 'Shown in the app', initial: true },
};
const CARD_PAIRS = [
  ['bank_id', 'network_id'],
  ['category_id', 'card_type'],
  ['annual_fee', 'min_salary'],
] as const;

export default function CardsScreen() {
  return (
    <ResourceListView<Card>
      screen={cardScreen}
      rowHeight={ROW_HEIGHT}
      renderRow={(c) => <CardRow card={c} />}
      renderDetail={(c) => <CardDetail card={c} />}
      renderForm={(p) => <SchemaForm {...p} screen={cardScreen} fields={CARD_FIELDS} pairs={CARD_PAIRS} />}
      renderActions={(c) => (
        <>
          <CommandButton id="engagement.ofCard" label="Engagement" variant="ghost" />
          <CommandButton id="card.toggleDisplay" label={c.display ? 'Hide from app' : 'Show in app'} />
        </>
      )}
      renderSelectionActions={() => (
        <>
          <CommandButton id="card.toggleDisplay" label="Show or hide in the app" />
          <CommandButton id="card.markDiscontinued" />
          <CommandButton id="card.markNotDiscontinued" />
        </>
      )}
    />
  );
}

export const displayText = (display: boolean) => (display ? 'Shown in the app' : 'Hidden from the app');

function CardRow({ card }: { card: Card }) {
  return (
    <>
      <Thumb src={card.image} name={card.bank_name} size={28} />
      <div className="rec-row">
        <div className="rec-line">
          <span className="rec-title">{card.name}</span>
          {card.status === 'Discontinued' && <Badge tone="warn">Discontinued</Badge>}
          <span className="card-dot">
            <Dot on={card.display} label={displayText(card.display)} />
          </span>
        </div>
        <div className="rec-meta">
          <span className="rec-ellipsis">{card.bank_name}</span>
          <span aria-hidden>·</span>
          <span>{card.network_type}</span>
          {card.category_name && (
            <>
              <span aria-hidden>·</span>
              <span className="rec-ellipsis">{card.category_name}</span>
            </>
          )}
        </div>
      </div>
    </>
  );
}

const typeLabel = (t: Card['card_type']) => CARD_TYPES.find((o) => o.value === t)?.label ?? t;

function CardDetail({ card }: { card: Card }) {
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <span className="card-art" aria-hidden>
          {card.image ? <img src={card.image} alt="" /> : <span>{card.network_type}</span>}
        </span>
        <div>
          <div className="rec-hero-title">{card.name}</div>
          <div className="muted">{card.bank_name}</div>
          <div className="rec-hero-sub">
            <Badge tone={card.status === 'Discontinued' ? 'warn' : 'on'}>{card.status}</Badge>
            <Badge tone={card.display ? 'on' : 'off'}>{displayText(card.display)}</Badge>
          </div>
        </div>
      </div>
      <dl className="props">
        <dt>Bank</dt>
        <dd>
          <AppLink to={`/card-list?bank=${card.bank_id}`} title={`All ${card.bank_name} cards`}>
            {card.bank_name}
          </AppLink>
        </dd>
        <dt>Network</dt>
        <dd>{card.network_type}</dd>
        <dt>Category</dt>
        <dd>{orDash(card.category_name)}</dd>
        <dt>Type</dt>
        <dd>{typeLabel(card.card_type)}</dd>
        <dt>Annual fee</dt>
        <dd>{card.annual_fee === 0 ? 'Free for life' : formatMoney(card.annual_fee)}</dd>
        <dt>Minimum salary</dt>
        <dd>{orDash(formatMoney(card.min_salary))}</dd>
        <dt>Description</dt>
        <dd className="rec-text">{orDash(card.description)}</dd>
        <dt>Offers</dt>
        <dd>
          <AppLink to={`/offer-list?card=${card.id}`}>Offers on this card</AppLink>
        </dd>
        <dt>Source</dt>
        <dd className="mono">{card.from_source}</dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(card.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(card.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{card.id}</dd>
      </dl>
      <div className="card-actions">
        <CommandButton id="card.markDiscontinued" />
        <CommandButton id="card.markNotDiscontinued" />
      </div>
    </div>
  );
}
