import type { City } from '@contract/city';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { RowLine } from '@/ui/bits';
import { cityScreen } from './screen';

export default function CitiesScreen() {
  return (
    <ResourceListView<City>
      screen={cityScreen}
      renderRow={(c) => <RowLine title={c.name} sub={c.emirate} />}
      renderDetail={(c) => (
        <div className="rec-detail">
          <div className="rec-hero">
            <div>
              <div className="rec-hero-title">{c.name}</div>
              <div className="muted">{c.emirate}</div>
            </div>
          </div>
          <dl className="props">
            <dt>Outlets</dt>
            <dd>
              <AppLink to={`/outlet-list?area=${c.id}`}>Outlets in {c.name}</AppLink>
            </dd>
            <dt>Id</dt>
            <dd className="mono">{c.id}</dd>
          </dl>
          <p className="muted">Areas are reference data: they are listed here and picked on outlets, not edited.</p>
        </div>
      )}
      renderForm={() => null}
    />
  );
}
