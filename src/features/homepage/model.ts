// The homepage configuration's one model, made with the browser's calls: what the screen and
// its commands use.
import { homepageApi } from './homepageApi';
import { createHomepageModel } from './homepageModel';

export const homepage = createHomepageModel(homepageApi);
