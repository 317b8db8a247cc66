// The settings screen's commands: save (mod+s, as an editor saves; the button too), the save
// itself with the form's values (no palette entry: it needs them), and reload.
import type { Command } from '@/commands/types';
import { reloadSettings, saveSettings, settingsForm, settingsState, type SettingsValues } from './state';

const scope = 'view:settings' as const;

export const settingsCommands: Command[] = [
  {
    id: 'settings.save',
    needs: { permission: 'settings.write' },
    title: 'Save settings',
    group: 'Settings',
    keywords: ['store', 'apply', 'submit'],
    shortcut: 'mod+s',
    scope,
    enabled: () => !!settingsState.record && !settingsState.saving,
    // The form checks and collects its values, then runs settings.update with them.
    run: () => settingsForm.submit?.(),
  },
  {
    id: 'settings.update',
    needs: { permission: 'settings.write' },
    title: 'Update settings',
    group: 'Settings',
    scope,
    palette: false,
    run: (_ctx, values) => saveSettings(values as SettingsValues),
  },
  {
    id: 'settings.reload',
    title: 'Reload settings',
    group: 'Settings',
    keywords: ['refresh', 'discard', 'revert'],
    scope,
    run: () => reloadSettings(),
  },
];
