import type { Bank } from '@contract/bank';
import { CommandButton } from '@/commands/CommandButton';
import { ResourceListView } from '@/screens/ResourceListView';
import { SchemaForm, type FieldTweak } from '@/screens/SchemaForm';
import { bankScreen } from './screen';
import './banks.css';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/ui/bits';

/** What the bank form says beyond the contract (contract/bank.ts): a code is typed in capitals. */
const BANK_FIELDS: Readonly<Record<string, FieldTweak>> = {
  code: {
    className: 'field-code',
    hint: 'Letters, digits and dashes, e.g. ENBD.',
    normalise: (text) => text.toUpperCase(),
  },
  is_active: { initial: true },
};

export default function BanksScreen() {
  return (
    <ResourceListView<Bank>
      screen={bankScreen}
      renderRow={(b) => <BankRow bank={b} />}
      renderDetail={(b) => <BankDetail bank={b} />}
      renderForm={(p) => <SchemaForm {...p} screen={bankScreen} fields={BANK_FIELDS} />}
      renderActions={() => <CommandButton id="engagement.ofBank" label="Engagement" variant="ghost" />}
    />
  );
}

export function BankLogo({ bank, size = 20 }: { bank: Pick<Bank, 'logo' | 'name'>; size?: number }) {
  return (
    <span className="bank-logo" style={{ width: size, height: size }} aria-hidden>
      {bank.logo ? <img src={bank.logo} alt="" loading="lazy" /> : bank.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function BankRow({ bank }: { bank: Bank }) {
  return (
    <>
      <BankLogo bank={bank} />
      <span className="bank-name">{bank.name}</span>
      <span className="bank-code mono">{bank.code}</span>
      <span
        className={bank.is_active ? 'dot dot-on' : 'dot'}
        title={bank.is_active ? 'Active' : 'Inactive'}
        aria-label={bank.is_active ? 'Active' : 'Inactive'}
      />
    </>
  );
}

function BankDetail({ bank }: { bank: Bank }) {
  return (
    <div className="bank-detail">
      <div className="bank-hero">
        <BankLogo bank={bank} size={56} />
        <div>
          <div className="bank-hero-name">{bank.name}</div>
          <div className="muted mono">{bank.code}</div>
        </div>
      </div>
      <dl className="props">
        <dt>Website</dt>
        <dd>
          {bank.website ? (
            <a href={bank.website} target="_blank" rel="noreferrer noopener">
              {bank.website}
            </a>
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={bank.is_active ? 'on' : 'off'}>{bank.is_active ? 'Active' : 'Inactive'}</Badge>
        </dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(bank.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(bank.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{bank.id}</dd>
      </dl>
    </div>
  );
}
