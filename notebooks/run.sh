#!/usr/bin/env bash
# Execute the notebooks headless with the Deno kernel; fail on the first cell error.
#   notebooks/run.sh [NOTEBOOK...]           check: run into a temporary folder (CI: npm run test:notebooks)
#   notebooks/run.sh --render [NOTEBOOK...]  also write docs/notebooks/<name>.html and <name>.md + <name>_files/*.svg
# Notebooks are committed with outputs stripped; this script refuses one that carries outputs.
set -euo pipefail
cd "$(dirname "$0")/.."
render=false
if [[ "${1:-}" == "--render" ]]; then render=true; shift; fi
notebooks=("$@")
[[ ${#notebooks[@]} -gt 0 ]] || notebooks=(notebooks/[0-9][0-9]-*.ipynb)
python=/usr/bin/python3 # Debian's python, where apt installed nbconvert and ipykernel

# A private kernelspec named "deno" for this checkout's Deno, so runs touch nothing in the user's Jupyter set-up.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/kernels/deno"
printf '{"argv": ["%s", "jupyter", "--kernel", "--conn", "{connection_file}"], "display_name": "Deno", "language": "typescript"}\n' \
  "$PWD/node_modules/.bin/deno" >"$work/kernels/deno/kernel.json"
export JUPYTER_PATH="$work${JUPYTER_PATH:+:$JUPYTER_PATH}"
export NO_COLOR=1 # plain text outputs, no terminal colour codes in the exported pages

for notebook in "${notebooks[@]}"; do
  name=$(basename "$notebook" .ipynb)
  if ! "$python" -c 'import json,sys; nb=json.load(open(sys.argv[1])); sys.exit(any(c.get("outputs") or c.get("execution_count") for c in nb["cells"] if c["cell_type"]=="code"))' "$notebook"; then
    echo "$notebook: expected a notebook with outputs stripped (run: npm run notebooks:strip)" >&2
    exit 2
  fi
  echo "executing $notebook" >&2
  # Jupyter starts the kernel in the notebook's folder, so relative paths in notebooks are relative to notebooks/.
  "$python" -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=600 \
    --ExecutePreprocessor.kernel_name=deno --output-dir "$work/out" --output "$name" "$notebook"
  if $render; then
    mkdir -p docs/notebooks
    rm -rf "docs/notebooks/${name}_files"
    "$python" -m nbconvert --to html --template-file notebooks/static-html.html.j2 --output-dir docs/notebooks \
      --output "$name" "$work/out/$name.ipynb"
    "$python" -m nbconvert --to markdown --output-dir docs/notebooks --output "$name" "$work/out/$name.ipynb"
  fi
done
