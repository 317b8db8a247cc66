// The triage's one model, made with the browser's calls: what the screen, its dialogs and its
// commands use.
import { createCardDialogs } from './cardDialogs';
import { triageApi } from './triageApi';
import { createTriageModel } from './triageModel';

export const triage = createTriageModel(triageApi);
export const cardDialogs = createCardDialogs(triage);
