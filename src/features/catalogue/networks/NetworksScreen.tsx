import { useState } from 'react';
import type { Network } from '@contract/network';
import type { Payload } from '@/api/resourceClient';
import { AppLink } from '@/ui/AppLink';
import { Field } from '@/ui/Field';
import { ResourceForm } from '@/screens/ResourceForm';
import { ResourceListView, type FormProps } from '@/screens/ResourceListView';
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
      renderForm={(p) => <NetworkForm {...p} />}
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

function NetworkForm(props: FormProps<Network>) {
  const { record, errors } = props;
  const [type, setType] = useState(record?.type ?? '');
  const collect = (): Payload => ({ type: type.trim() });
  return (
    <ResourceForm
      {...props}
      what="network"
      editTitle={record ? `Edit ${record.type}` : undefined}
      createLabel="Create network"
      fields={['type']}
      collect={collect}
    >
      <Field
        label="Type"
        name="type"
        autoFocus
        required
        autoComplete="off"
        placeholder="e.g. Visa, Mastercard"
        value={type}
        onChange={(e) => setType(e.target.value)}
        error={errors.type}
      />
    </ResourceForm>
  );
}
