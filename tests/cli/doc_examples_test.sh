#!/usr/bin/env bash
# Every documented command is a tested one: runs each `meldgraph ...` command of the console and
# sh blocks of README.md and docs/*.md and checks it.
#   console blocks: `$ meldgraph ARGS` lines (or `$ echo ... | meldgraph ARGS`); the lines after one, up to the next `$` line or the
#     block's end, are its output, compared line by line (trailing spaces and blank lines at the
#     end ignored); a line `...` alone (indented or not) stands for any number of lines. The
#     command must exit 0, or 1 when the shown output holds `meldgraph: error:`.
#   sh blocks: each command (a line, `\` continuations joined; `&&` parts apart) whose program is
#     meldgraph (any path ending in /meldgraph) must exit 0.
# A `# comment` after a console command is dropped. Commands run in a scratch directory holding
# the files of the docs' blocks whose first line is `# file: NAME.yaml` or `# NAME.yaml` (that
# line is not part of the file, so that the line numbers of errors shown match the block's); a
# block whose NAME is also tests/data/rules/NAME must be that file, byte for byte.
# Usage: doc_examples_test.sh PATH_TO_MELDGRAPH REPOSITORY_ROOT
set -u
bin=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# The program as documented (meldgraph, build/release/meldgraph, build-x/meldgraph) runs $bin.
mkdir -p "$work/bin" "$work/run"
ln -s "$bin" "$work/bin/meldgraph"
export PATH="$work/bin:$PATH"

# The command with its program replaced by `meldgraph`, or nothing when it does not run meldgraph.
meldgraph_command() {
  local command=$1 program rest
  command="${command#"${command%%[![:space:]]*}"}"
  program=${command%% *}
  [ "$program" = "$command" ] && rest='' || rest=${command#* }
  case $program in
    meldgraph | */meldgraph) printf 'meldgraph %s' "$rest" ;;
    *)
      # Input piped into meldgraph (`echo LINE | meldgraph batch ...`) runs as written.
      [[ $command == *'| meldgraph '* ]] || return 1
      printf '%s' "$command"
      ;;
  esac
}

# check_console FILE LINE COMMAND EXPECTED_FILE
check_console() {
  local file=$1 line=$2 command=$3 expected=$4 actual status want=0
  actual=$work/actual
  (cd "$work/run" && bash -c "$command") > "$actual" 2>&1
  status=$?
  grep -q 'meldgraph: error:' "$expected" && want=1
  if [ "$status" -ne "$want" ]; then
    failed=$((failed + 1))
    printf 'FAIL %s:%s: %s: exit %s (want %s):\n' "$file" "$line" "$command" "$status" "$want"
    cat "$actual"
    return
  fi
  # No output shown: the exit status is the check.
  if ! grep -q '[^[:space:]]' "$expected"; then
    passed=$((passed + 1))
    return
  fi
  # Compare with `...` lines matching any run of lines: a small backtracking match in awk.
  if awk -v expected_file="$expected" '
      function trim(s) { sub(/[ \t\r]+$/, "", s); return s }
      function match_from(i, j,   k) {
        if (i > ne) return j > na
        if (e[i] ~ /^[ \t]*\.\.\.[ \t]*$/) {
          for (k = j; k <= na + 1; k++) if (match_from(i + 1, k)) return 1
          return 0
        }
        return j <= na && e[i] == a[j] && match_from(i + 1, j + 1)
      }
      { a[++na] = trim($0) }
      END {
        while ((getline l < expected_file) > 0) e[++ne] = trim(l)
        while (ne > 0 && e[ne] == "") ne--
        while (na > 0 && a[na] == "") na--
        exit match_from(1, 1) ? 0 : 1
      }' "$actual"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s:%s: %s: output differs from the docs\n--- docs\n' "$file" "$line" "$command"
    cat "$expected"
    printf -- '--- actual\n'
    cat "$actual"
  fi
}

# An sh block's bench command is checked for its exit alone, so under the sanitizers
# (MELDGRAPH_TEST_SCALE > 1, set by their build; they run it 10 to 45 times slower) it runs one
# pass over at most 1,000 hands: the same command path, a fraction of the time.
scale=${MELDGRAPH_TEST_SCALE:-1}
shrink_bench() {
  local command=$1
  if [ "$scale" -gt 1 ] && [[ $command == *' bench '* ]]; then
    command=$(printf '%s' "$command" | sed -E 's/--repeat [0-9]+/--repeat 1/; s/--count [0-9]{4,}/--count 1000/')
  fi
  printf '%s' "$command"
}

# Under the sanitizers an sh block's count of every 14-tile hand (`corpus enumerate --size 14`,
# hundreds of millions of hands: 10 s to 2 minutes each there) is left to the Release pass; the
# unit tests run the same walks on smaller hands under the sanitizers.
skipped=0
release_only() {
  [ "$scale" -gt 1 ] && [[ $1 == *'corpus enumerate'*'--size 14'* ]]
}

check_sh() {
  local file=$1 line=$2 command status
  if release_only "$3"; then
    skipped=$((skipped + 1))
    return
  fi
  command=$(shrink_bench "$3")
  (cd "$work/run" && bash -c "$command") > "$work/actual" 2>&1
  status=$?
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s:%s: %s: exit %s:\n' "$file" "$line" "$command" "$status"
    head -20 "$work/actual"
  fi
}

docs=("$root/README.md" "$root"/docs/*.md)

# The files the examples read: blocks that start with `# file: NAME.yaml` or `# NAME.yaml`.
for doc in "${docs[@]}"; do
  awk -v dir="$work/run" '
    /^```/ { if (out != "") { close(out); out = "" } inside = !inside; first = inside; next }
    inside && first {
      first = 0
      if ($0 ~ /^# (file: )?[A-Za-z0-9_.\/-]+\.ya?ml$/) {
        name = $0
        sub(/^# (file: )?/, "", name)
        out = dir "/" name
        next
      }
    }
    inside && out != "" { print > out }' "$doc"
done

# A file block that stands for a rule file of the tests (tests/data/rules/NAME.yaml, which the
# unit tests load too) must be that file, byte for byte: the docs show what is tested.
for shown in "$work/run"/*.yaml "$work/run"/*.yml; do
  [ -f "$shown" ] || continue
  tested=$root/tests/data/rules/${shown##*/}
  [ -f "$tested" ] || continue
  if cmp -s "$shown" "$tested"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s: the docs block differs from tests/data/rules/%s\n' "${shown##*/}" "${shown##*/}"
    diff "$tested" "$shown"
  fi
done

for doc in "${docs[@]}"; do
  name=${doc#"$root"/}
  kind=''
  number=0
  command=''
  command_line=0
  expected=$work/expected
  pending=''  # an sh line continued with `\`
  : > "$expected"
  while IFS= read -r text || [ -n "$text" ]; do
    number=$((number + 1))
    if [[ $text == '```'* ]]; then
      if [ -z "$kind" ]; then
        case ${text#'```'} in
          console) kind=console ;;
          sh | bash | shell) kind=sh ;;
          *) kind=other ;;
        esac
      else
        [ -n "$command" ] && check_console "$name" "$command_line" "$command" "$expected"
        command=''
        kind=''
      fi
      continue
    fi
    case $kind in
      console)
        if [[ $text == '$ '* ]]; then
          [ -n "$command" ] && check_console "$name" "$command_line" "$command" "$expected"
          command=''
          : > "$expected"
          text=${text#'$ '}
          text=$(printf '%s' "$text" | sed 's/[[:space:]][[:space:]]*#[[:space:]].*$//')
          if command=$(meldgraph_command "$text"); then command_line=$number; else command=''; fi
        elif [ -n "$command" ]; then
          printf '%s\n' "$text" >> "$expected"
        fi
        ;;
      sh)
        if [[ $text == *'\' ]]; then
          pending+="${text%'\'} "
          continue
        fi
        text="$pending$text"
        pending=''
        # Each `&&` part on its own: set-up steps (bash scripts/build.sh) are not run here.
        while IFS= read -r part; do
          if part_command=$(meldgraph_command "$part"); then
            check_sh "$name" "$number" "$part_command"
          fi
        done < <(printf '%s\n' "$text" | sed 's/ && /\n/g')
        ;;
    esac
  done < "$doc"
done

echo "$passed passed, $failed failed, $skipped left to the Release pass"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
