import { useState } from 'react';
import type { OutletRadius } from '@contract/outletRadius';
import type { Payload } from '@/api/resourceClient';
import { CheckField, Field } from '@/ui/Field';
import { ResourceForm, numberOrNull, numberText } from '@/screens/ResourceForm';
import { ResourceListView, type FormProps } from '@/screens/ResourceListView';
import { formatDateTime } from '@/lib/format';
import { Badge, RowLine } from '@/ui/bits';
import { km, outletRadiusScreen } from './screen';

export default function OutletRadiusScreen() {
  return (
    <ResourceListView<OutletRadius>
      screen={outletRadiusScreen}
      // The label often is the distance ('5 km'): then say it once.
      renderRow={(r) => (
        <RowLine
          title={r.label}
          sub={r.label.replace(/\s/g, '') === km(r.kilometres).replace(/\s/g, '') ? '' : km(r.kilometres)}
          end={r.is_default ? <Badge tone="accent">Default</Badge> : undefined}
        />
      )}
      renderDetail={(r) => <RadiusDetail radius={r} />}
      renderForm={(p) => <RadiusForm {...p} />}
    />
  );
}

function RadiusDetail({ radius }: { radius: OutletRadius }) {
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <div>
          <div className="rec-hero-title">{radius.label}</div>
          <div className="rec-hero-sub">
            <span className="rec-strong">{km(radius.kilometres)}</span>
            {radius.is_default && <Badge tone="accent">Default</Badge>}
          </div>
        </div>
      </div>
      <dl className="props">
        <dt>In the app</dt>
        <dd>
          {radius.is_default
            ? 'Pre-selected when a user looks for outlets near them.'
            : 'One of the choices a user can pick.'}
        </dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(radius.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(radius.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{radius.id}</dd>
      </dl>
    </div>
  );
}

function RadiusForm(props: FormProps<OutletRadius>) {
  const { record, errors } = props;
  const [label, setLabel] = useState(record?.label ?? '');
  const [kilometres, setKilometres] = useState(numberText(record?.kilometres));
  const [isDefault, setIsDefault] = useState(record?.is_default ?? false);
  const collect = (): Payload => ({ label: label.trim(), kilometres: numberOrNull(kilometres), is_default: isDefault });
  return (
    <ResourceForm
      {...props}
      what="radius"
      editTitle={record ? `Edit ${record.label}` : undefined}
      createLabel="Create radius"
      fields={['label', 'kilometres', 'is_default']}
      collect={collect}
    >
      <Field
        label="Label"
        name="label"
        autoFocus
        required
        autoComplete="off"
        placeholder="e.g. Walking distance"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={errors.label}
      />
      <Field
        label="Kilometres"
        name="kilometres"
        className="field-narrow"
        type="number"
        inputMode="decimal"
        step="any"
        min={0.01}
        max={200}
        required
        value={kilometres}
        onChange={(e) => setKilometres(e.target.value)}
        error={errors.kilometres}
        hint="0.01 (10 m) to 200."
      />
      <CheckField
        name="is_default"
        label="Default (pre-selected in the app; replaces the current default)"
        checked={isDefault}
        onChange={(e) => setIsDefault(e.target.checked)}
        error={errors.is_default}
      />
    </ResourceForm>
  );
}
