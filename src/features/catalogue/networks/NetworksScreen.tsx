import type { Network } from '@contract/network';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { SchemaForm } from '@/screens/SchemaForm';
import { formatDateTime } from '@/lib/format';
import { RowLine, Thumb } from '@/ui/bits';
import { networkScreen } from './screen';

export default function NetworksScreen() {
  return (
    <ResourceListView<Network>
      screen={networkScreen}
      renderRow={(n) => (
        <>
          <Thumb src={null} name={n.type} />
          <RowLine title={n.type} />
        </>
      )}
      renderDetail={(n) => <NetworkDetail network={n} />}
      renderForm={(p) => (
        <SchemaForm {...p} screen={networkScreen} fields={{ type: { placeholder: 'e.g. Visa, Mastercard' } }} />
      )}
    />
  );
}

function NetworkDetail({ network }: { network: Network }) {
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <Thumb src={null} name={network.type} size={56} />
        <div className="rec-hero-title">{network.type}</div>
      </div>
      <dl className="props">
        <dt>Cards</dt>
        <dd>
          <AppLink to={`/card-list?network=${network.id}`}>Cards on {network.type}</AppLink>
        </dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(network.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(network.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{network.id}</dd>
      </dl>
    </div>
  );
}
