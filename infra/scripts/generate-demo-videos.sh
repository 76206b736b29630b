#!/usr/bin/env bash
# Generate the short demo videos that the video lessons of the content pack reference.
#
# For every lesson server/content/video-courses/<service>/<course>/lessons/*.md whose front matter has
# `video: <name>.mp4`, writes server/content/video-courses/<service>/<course>/media/<name>.mp4: a 15-second
# 640x360, 24 fps H.264 (yuv420p, main profile, faststart) + quiet AAC clip showing the lesson title and the
# course title in Japanese on a plain background, with a growing progress bar and a seconds counter.
# Every run regenerates every file (idempotent). Files in media/ that no lesson references are left alone.
#
# Usage:
#   infra/scripts/generate-demo-videos.sh              # all video courses
#   infra/scripts/generate-demo-videos.sh yahoo-ads    # only courses whose path contains "yahoo-ads"
# Environment:
#   DEMO_VIDEO_FONT      path to a Japanese .ttf/.otf font (default: NotoSansJP_400Regular.ttf from node_modules)
#   DEMO_VIDEO_SECONDS   clip length in seconds (default 15, allowed 12–20)
# Requires ffmpeg built with libx264 and libfreetype (Debian/Ubuntu: apt-get install -y ffmpeg).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CONTENT="$ROOT/server/content/video-courses"
FILTER="${1:-}"
SECONDS_LEN="${DEMO_VIDEO_SECONDS:-15}"
W=640
H=360
FPS=24
MAX_BYTES=$((1024 * 1024))

die() { echo "generate-demo-videos: $*" >&2; exit 1; }

# Character counting/slicing below must be UTF-8 aware.
utf8_probe='あい'
if ((${#utf8_probe} != 2)); then
  export LC_ALL=C.UTF-8
  ((${#utf8_probe} == 2)) || die "a UTF-8 locale is required (e.g. LC_ALL=C.UTF-8)"
fi

command -v ffmpeg >/dev/null 2>&1 || die "ffmpeg not found on PATH — install it (e.g. apt-get install -y ffmpeg) and re-run"
# (Capture first: `ffmpeg … | grep -q` can fail with SIGPIPE under pipefail.)
encoders="$(ffmpeg -hide_banner -encoders 2>/dev/null || true)"
filters="$(ffmpeg -hide_banner -filters 2>/dev/null || true)"
[[ "$encoders" == *libx264* ]] || die "this ffmpeg has no libx264 encoder"
[[ "$filters" == *drawtext* ]] || die "this ffmpeg has no drawtext filter (needs libfreetype)"
[[ "$SECONDS_LEN" =~ ^[0-9]+$ ]] && ((SECONDS_LEN >= 12 && SECONDS_LEN <= 20)) || die "DEMO_VIDEO_SECONDS must be 12–20"
[[ -d "$CONTENT" ]] || die "no content folder at $CONTENT"

FONT="${DEMO_VIDEO_FONT:-}"
if [[ -z "$FONT" ]]; then
  FONT="$(find "$ROOT/node_modules" -name 'NotoSansJP_400Regular.ttf' -print -quit 2>/dev/null || true)"
fi
if [[ -z "$FONT" ]] && command -v fc-match >/dev/null 2>&1; then
  FONT="$(fc-match -f '%{file}' 'Noto Sans CJK JP:lang=ja' 2>/dev/null || true)"
fi
[[ -n "$FONT" && -f "$FONT" ]] || die "Japanese font not found — run npm install (for @expo-google-fonts/noto-sans-jp) or set DEMO_VIDEO_FONT"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/demo-videos.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
# Filters refer to the font and the text files by plain relative names inside $WORK, so no path or text
# ever needs filtergraph escaping (titles may hold colons, quotes, commas, percent signs …).
ln -s "$FONT" "$WORK/font.ttf"

# Value of a top-level `key:` in a YAML front matter / file; strips quotes and trailing comments.
yaml_value() { # <file> <key> <front-matter-only: 1|0>
  awk -v key="$2" -v fm="$3" '
    fm == 1 && NR == 1 && $0 != "---" { exit }
    fm == 1 && NR > 1 && $0 == "---" { exit }
    index($0, key ":") == 1 {
      v = substr($0, length(key) + 2)
      sub(/^[ \t]+/, "", v); sub(/[ \t\r]+$/, "", v)
      if (v ~ /^".*"$/) { v = substr(v, 2, length(v) - 2); gsub(/\\"/, "\"", v) }
      else if (v ~ /^\047.*\047$/) { v = substr(v, 2, length(v) - 2); gsub(/\047\047/, "\047", v) }
      else sub(/[ \t]+#.*$/, "", v)
      print v; exit
    }' "$1"
}

# Splits $1 into lines of at most $2 characters (balanced), preferring to break at spaces.
wrap_text() {
  local text="$1" max="$2" len n per out="" line cut i
  len=${#text}
  n=$(((len + max - 1) / max))
  while ((len > 0)); do
    per=$(((len + n - 1) / n))
    if ((len <= per)); then line="$text"; text=""; else
      cut=$per
      for ((i = per; i > per / 2; i--)); do [[ "${text:i:1}" == " " ]] && { cut=$i; break; }; done
      line="${text:0:cut}"; text="${text:cut}"; text="${text# }"
    fi
    out+="$line"$'\n'
    len=${#text}; n=$((n - 1)); ((n < 1)) && n=1
  done
  printf '%s' "$out"
}

# Appends drawtext filters for $1 centred around y=$2 (px) at size up to $3 px (min $4), one per line.
# Text goes through files with expansion=none, so it is drawn literally.
FILTERS=""
add_centered_text() { # <text> <center-y> <max-size> <min-size> <color> <file-prefix>
  local text="$1" cy="$2" maxfs="$3" minfs="$4" color="$5" prefix="$6"
  local usable=$((W - 60)) len fs lines count i=0 top line lh
  len=${#text}; ((len < 1)) && return 0
  # CJK glyphs are ~1em wide; using the character count keeps Latin text comfortably inside too.
  fs=$((usable / len)); ((fs > maxfs)) && fs=$maxfs; ((fs < minfs)) && fs=$minfs
  mapfile -t lines < <(wrap_text "$text" $((usable / fs)))
  count=${#lines[@]}; lh=$((fs * 13 / 10))
  top=$((cy - count * lh / 2))
  for line in "${lines[@]}"; do
    printf '%s' "$line" >"$WORK/$prefix-$i.txt"
    FILTERS+=",drawtext=fontfile=font.ttf:textfile=$prefix-$i.txt:expansion=none:fontsize=$fs:fontcolor=$color"
    FILTERS+=":x=(w-text_w)/2:y=$((top + i * lh + (lh - fs) / 2))"
    i=$((i + 1))
  done
}

background_for() {
  case "$1" in
    line-official-account) echo "0x06803D" ;; # campus green
    yahoo-ads) echo "0x2F5F8F" ;;             # calm blue
    *) echo "0x3C4650" ;;                     # neutral slate for any other service
  esac
}

declare -a DONE=()
count=0
shopt -s nullglob
for course_dir in "$CONTENT"/*/*/; do
  course_dir="${course_dir%/}"
  rel="${course_dir#"$CONTENT"/}"
  [[ -n "$FILTER" && "$rel" != *"$FILTER"* ]] && continue
  service="${rel%%/*}"
  course_title=""
  [[ -f "$course_dir/course.yaml" ]] && course_title="$(yaml_value "$course_dir/course.yaml" title 0)"
  bg="$(background_for "$service")"
  for lesson in "$course_dir"/lessons/*.md; do
    video="$(yaml_value "$lesson" video 1)"
    [[ -z "$video" ]] && continue
    [[ "$video" =~ ^[a-z0-9-]+\.mp4$ ]] || die "$lesson: video must be <slug>.mp4, got '$video'"
    title="$(yaml_value "$lesson" title 1)"
    [[ -n "$title" ]] || die "$lesson: front matter has no title"
    base="$(basename "$lesson")"
    number="${base%%-*}"
    out_dir="$course_dir/media"
    out="$out_dir/$video"
    mkdir -p "$out_dir"

    rm -f "$WORK"/*.txt
    FILTERS="drawbox=x=0:y=0:w=iw:h=60:color=black@0.12:t=fill"
    # Small header: "サンプル動画" label top-left, lesson number top-right, running seconds counter.
    printf '%s' "サンプル動画" >"$WORK/label.txt"
    FILTERS+=",drawtext=fontfile=font.ttf:textfile=label.txt:expansion=none:fontsize=16:fontcolor=white@0.85:x=24:y=22"
    if [[ "$number" =~ ^[0-9]+$ ]]; then
      printf '%s' "レッスン $number" >"$WORK/number.txt"
      FILTERS+=",drawtext=fontfile=font.ttf:textfile=number.txt:expansion=none:fontsize=16:fontcolor=white@0.85:x=w-text_w-24:y=22"
    fi
    printf '%s' "0:%{eif:t:d:2} / 0:$(printf '%02d' "$SECONDS_LEN")" >"$WORK/counter.txt"
    FILTERS+=",drawtext=fontfile=font.ttf:textfile=counter.txt:fontsize=15:fontcolor=white@0.85:x=w-text_w-24:y=h-40"
    add_centered_text "$title" 160 36 22 white title
    FILTERS+=",drawbox=x=(iw-120)/2:y=214:w=120:h=2:color=white@0.6:t=fill"
    [[ -n "$course_title" ]] && add_centered_text "$course_title" 246 22 16 "white@0.85" course
    # Progress bar: a dim track plus a white bar sliding in from the left as time passes.
    FILTERS+=",drawbox=x=0:y=ih-8:w=iw:h=8:color=black@0.25:t=fill[bg];"
    FILTERS+="color=c=white:s=${W}x8:r=$FPS[bar];"
    FILTERS+="[bg][bar]overlay=x='-w+w*t/$SECONDS_LEN':y=H-8:shortest=1:format=auto,format=yuv420p[v];"
    FILTERS+="sine=frequency=220:sample_rate=44100,volume=0.03,afade=t=in:d=1,afade=t=out:st=$((SECONDS_LEN - 1)):d=1[a]"

    tmp_out="$out_dir/.tmp-$video"
    (cd "$WORK" && ffmpeg -hide_banner -loglevel error -nostdin -y \
      -f lavfi -i "color=c=$bg:s=${W}x${H}:r=$FPS:d=$SECONDS_LEN" \
      -filter_complex "[0:v]$FILTERS" -map '[v]' -map '[a]' -t "$SECONDS_LEN" \
      -c:v libx264 -preset medium -profile:v main -pix_fmt yuv420p -r $FPS -g $((FPS * 2)) \
      -crf 30 -maxrate 400k -bufsize 800k \
      -c:a aac -b:a 48k -ac 1 -ar 44100 \
      -movflags +faststart -metadata title="$title" -f mp4 "$tmp_out") || { rm -f "$tmp_out"; die "ffmpeg failed for $lesson"; }
    size=$(stat -c %s "$tmp_out")
    ((size <= MAX_BYTES)) || { rm -f "$tmp_out"; die "$out would be $size bytes (> 1 MB)"; }
    mv -f "$tmp_out" "$out"
    DONE+=("$(printf '%8d  %s' "$size" "${out#"$ROOT"/}")")
    count=$((count + 1))
  done
done

((count > 0)) || die "no lessons with a video: field found${FILTER:+ matching '$FILTER'}"
printf '%s\n' "${DONE[@]}"
echo "generate-demo-videos: wrote $count video(s), ${SECONDS_LEN}s each, font $FONT"
