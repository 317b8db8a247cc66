import type { Category } from '@contract/category';
import { AppLink } from '@/ui/AppLink';
import { ResourceListView } from '@/screens/ResourceListView';
import { formatDateTime } from '@/lib/format';
import { Badge, Dot, orDash, RowLine, Thumb } from '@/ui/bits';
import { SchemaForm } from '@/screens/SchemaForm';
import { categoryScreen } from './screen';

export default function CategoriesScreen() {
  return (
    <ResourceListView<Category>
      screen={categoryScreen}
      renderRow={(c) => <CategoryRow category={c} />}
      renderDetail={(c) => <CategoryDetail category={c} />}
      renderForm={(p) => (
        <SchemaForm
          {...p}
          screen={categoryScreen}
          fields={{ is_active: { label: 'Active (shown in the app)', initial: true } }}
        />
      )}
    />
  );
}

function CategoryRow({ category }: { category: Category }) {
  return (
    <>
      <Thumb src={category.icon} name={category.name} />
      <RowLine
        title={category.name}
        sub={category.description ?? ''}
        end={<Dot on={category.is_active} label={category.is_active ? 'Active' : 'Inactive'} />}
      />
    </>
  );
}

function CategoryDetail({ category }: { category: Category }) {
  return (
    <div className="rec-detail">
      <div className="rec-hero">
        <Thumb src={category.icon} name={category.name} size={56} />
        <div>
          <div className="rec-hero-title">{category.name}</div>
          <div className="rec-hero-sub">
            <Badge tone={category.is_active ? 'on' : 'off'}>{category.is_active ? 'Active' : 'Inactive'}</Badge>
          </div>
        </div>
      </div>
      <dl className="props">
        <dt>Description</dt>
        <dd className="rec-text">{orDash(category.description)}</dd>
        <dt>Used by</dt>
        <dd>
          <AppLink to={`/card-list?category=${category.id}`}>Cards</AppLink>
          {' · '}
          <AppLink to={`/offer-list?category=${category.id}`}>Offers</AppLink>
          {' · '}
          <AppLink to={`/outlet-list?category=${category.id}`}>Outlets</AppLink>
        </dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(category.updated_at)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(category.created_at)}</dd>
        <dt>Id</dt>
        <dd className="mono">{category.id}</dd>
      </dl>
    </div>
  );
}
