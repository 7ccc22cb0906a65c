// nsb_widget's teacher's board: the anywidget entry point (one view per render()).
import { createBoardView } from "./view.js";

function render({ model, el }) {
  const view = createBoardView(model, el);
  return () => view.destroy();
}

export default { render };
