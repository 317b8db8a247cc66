import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { onRemoteChange } from '@/api/events';
import { runCommand } from '@/commands/runner';
import { useSnapshot } from 'valtio';
import { CommandButton } from '@/commands/CommandButton';
import { nounOf, type ResourceScreen } from '@/commands/resourceScreen';
import { Loader } from '@/ui/Loader';
import { EmptyPane, Pane, SelectionPane } from './ListPanes';
import type { FormProps } from './ResourceListView';
import { formatNumber } from '@/lib/format';
import { history, historyKey } from '@/store/history';
import { PageBoundary } from '@/ui/lazyPage';
import { historyPanelSlot } from './recordSlots';
import { PresenceNote } from './PresenceNote';

/** How many checked records the selection pane names. */
const SELECTION_NAMES = 12;

interface RecordPaneProps<T extends { id: number }> {
  screen: ResourceScreen<T>;
  /** The open record, when it is loaded. */
  record: T | null;
  renderForm: (props: FormProps<T>) => ReactNode;
  formRef: RefObject<HTMLFormElement | null>;
  renderDetail: (record: T) => ReactNode;
  renderActions?: (record: T) => ReactNode;
  renderSelectionActions?: () => ReactNode;
}

/**
 * A list screen's right-hand pane (src/screens/ResourceListView.tsx): the selection, the keys
 * when nothing is open, the new record's form, or the open record's view or form.
 */
export function RecordPane<T extends { id: number }>({
  screen,
  record,
  renderForm,
  formRef,
  renderDetail,
  renderActions,
  renderSelectionActions,
}: RecordPaneProps<T>) {
  const { store, list, resource } = screen;
  const s = useSnapshot(store.state);
  const m = useSnapshot(list.state);
  const h = useSnapshot(history);
  const HistoryPanel = historyPanelSlot();
  const { mode } = m.route;
  const { one, many } = nounOf(screen);
  const canAdd = !!resource.ops.add;
  const selectedCount = m.matching ? m.matchingCount : m.selected.size;
  // The form is remounted only by Reload (formEpoch), never because a list refresh brought a
  // newer copy of the record: that would throw away what was typed.
  const [formEpoch, setFormEpoch] = useState(0);
  // Someone else saved the record being edited (the live stream, src/api/events.ts): who, so
  // the form can say so and offer Reload before a save would fail with 409.
  const [savedBy, setSavedBy] = useState<string | null>(null);
  const editing = mode === 'edit' ? record?.id : undefined;
  useEffect(() => {
    setSavedBy(null);
    if (editing === undefined) return;
    return onRemoteChange((e) => {
      if (e.resource === resource.name && e.ids.includes(editing) && !e.operation.endsWith('.remove'))
        setSavedBy(e.actor?.name || 'Someone else');
    });
  }, [editing, resource.name]);

  const form = (rec: T | null) =>
    renderForm({
      record: rec,
      errors: s.fieldErrors,
      saving: s.updateStatus === 'loading',
      conflict: s.conflict,
      savedBy,
      formRef,
      onSubmit: (data) =>
        void runCommand(mode === 'add' ? `${resource.name}.create` : `${resource.name}.update`, 'button', {
          id: rec?.id,
          data,
        }),
      onCancel: () => void runCommand('list.close', 'button'),
      // 409: fetch the current record and start the form again from it.
      onReload: () => {
        if (rec)
          store.show(rec.id).then(
            () => {
              store.resetForm();
              setSavedBy(null);
              setFormEpoch((n) => n + 1);
            },
            () => undefined,
          );
      },
    });

  let pane: ReactNode;
  if (mode === 'list') {
    pane =
      selectedCount > 0 ? (
        <SelectionPane
          title={`${formatNumber(selectedCount)} ${selectedCount === 1 ? one : many} selected`}
          names={list
            .selectedIds()
            .slice(0, SELECTION_NAMES)
            .flatMap((sid) => {
              const r = store.find(sid);
              return r ? [{ id: sid, label: screen.describe(r).label }] : [];
            })}
          more={Math.max(0, selectedCount - SELECTION_NAMES)}
          // Delete, export and clear sit in the selection bar; the pane adds the bulk changes and the screen's own actions.
          actions={
            <>
              {(resource.bulk ?? []).map(
                (field) =>
                  resource.ops.bulkUpdate && (
                    <CommandButton key={field} id={`${resource.name}.bulkSet.${field}`} noKbd />
                  ),
              )}
              {renderSelectionActions?.()}
            </>
          }
        />
      ) : (
        <EmptyPane one={one} canAdd={canAdd} />
      );
  } else if (mode === 'add') {
    pane = <Pane title={`New ${one}`}>{form(null)}</Pane>;
  } else if (!record) {
    const notListed = !resource.ops.show && s.status === 'succeeded' ? `This ${one} is not in the list.` : null;
    pane =
      (m.missing ?? notListed) ? (
        <Pane title={resource.label.one}>
          <div className="alert" role="alert">
            {m.missing ?? notListed}
          </div>
        </Pane>
      ) : (
        <Loader />
      );
  } else if (mode === 'edit') {
    pane = (
      <Pane
        title={`Edit ${screen.describe(record).label}`}
        note={<PresenceNote resource={resource.name} id={record.id} mode="editing" />}
      >
        <div key={`${record.id}:${formEpoch}`}>{form(record)}</div>
      </Pane>
    );
  } else if (HistoryPanel && h.key === historyKey(resource.name, record.id)) {
    // The record's History (h, Escape back): its changes from the audit log, labelled as its form
    // labels them; the audit feature's panel, through the slot the app fills (./recordSlots.ts).
    pane = (
      <Pane
        title={`History of ${screen.describe(record).label}`}
        actions={<CommandButton id={`${resource.name}.history`} label="Back to record" variant="ghost" />}
        note={<PresenceNote resource={resource.name} id={record.id} mode="viewing" />}
      >
        <PageBoundary>
          <HistoryPanel resource={resource.name} id={record.id} schema={resource.update ?? resource.create} />
        </PageBoundary>
      </Pane>
    );
  } else {
    pane = (
      <Pane
        title={screen.describe(record).label}
        note={<PresenceNote resource={resource.name} id={record.id} mode="viewing" />}
        actions={
          <>
            {renderActions?.(record)}
            {HistoryPanel && <CommandButton id={`${resource.name}.history`} label="History" variant="ghost" />}
            {resource.ops.update && <CommandButton id={`${resource.name}.edit`} />}
            {resource.ops.remove && <CommandButton id={`${resource.name}.delete`} />}
          </>
        }
      >
        {renderDetail(record)}
      </Pane>
    );
  }

  return pane;
}
