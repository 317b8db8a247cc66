// A paste into the table refused before anything is asked (src/store/cellModel.ts planPaste):
// on its own so that the list commands, which every screen downloads, can tell it from other
// failures without downloading the cell model.
export class PasteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasteRefused';
  }
}
