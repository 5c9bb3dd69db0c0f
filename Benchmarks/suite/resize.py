"""Figure 9: resize speed. 200 photo-sized JPEGs (4000x3000, about 3.5 MB each, made once per
run by `feedvm-bench resize make`) thumbnailed to fit 256x256 as JPEG by ImageCodecs
(`feedvm-bench resize run`, one thread per core, as a pipeline decodes), by ImageMagick's
`convert -thumbnail 256x256` (one process per file, as it is used) and by libvips'
`vipsthumbnail -s 256` (one process for all files) on the same files, in interleaved rounds in
rotating order. Throughput is files per wall second; CPU is user + system time of the
contender's processes per image."""

import glob
import os
import resource
import shutil
import subprocess
import time

from .report import Row, ratio
from .stats import median, spread

SECTION = "9 resize"
SIZE = 256


def imagemagick():
    """ImageMagick's convert, never a stand-in script that only borrows its name."""
    for candidate in ("/usr/bin/convert-im6.q16", shutil.which("convert-im6.q16"), shutil.which("magick"),
                      shutil.which("convert")):
        if candidate and os.path.exists(candidate):
            with open(candidate, "rb") as program:
                if b"Stands in for ImageMagick" not in program.read(4096):
                    return candidate
    return None


def timed(commands):
    """(wall seconds, CPU seconds of the children) for running ``commands`` in turn."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    for command in commands:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=1800)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def contenders(context, files, convert, vips):
    """name -> function(output folder) -> list of commands."""
    inputs = os.path.dirname(files[0])
    found = {"ImageCodecs": lambda out: [[context.bench, "resize", "run", inputs, out, str(SIZE)]]}
    if vips:
        found["vipsthumbnail"] = lambda out: [[vips, "-s", str(SIZE), "-o", os.path.join(out, "%s.jpg"), *files]]
    if convert:
        found["ImageMagick"] = lambda out: [[convert, path, "-thumbnail", f"{SIZE}x{SIZE}",
                                             os.path.join(out, os.path.basename(path))] for path in files]
    return found


def run(context):
    """A throughput row per peer (ratio = feedvm's files/s over the peer's) and a CPU row."""
    if context.bench is None:
        return [Row(SECTION, "feedvm-bench not built", "")]
    count, rounds = context.size(200, 3), context.size(3, 1)
    folder = os.path.join(context.scratch, "resize")
    inputs = os.path.join(folder, "in")
    subprocess.run([context.bench, "resize", "make", inputs, str(count)] + (["--smoke"] if context.smoke else []),
                   check=True, timeout=1800)
    files = sorted(glob.glob(os.path.join(inputs, "*.jpg")))
    convert, vips = imagemagick(), shutil.which("vipsthumbnail")
    runners = contenders(context, files, convert, vips)
    names = list(runners)
    walls = {name: [] for name in names}
    cpus = {name: [] for name in names}
    for number in range(rounds):
        for name in names[number % len(names):] + names[:number % len(names)]:
            out = os.path.join(folder, f"out-{number}-{name}")
            os.makedirs(out)
            wall, cpu = timed(runners[name](out))
            made = len(os.listdir(out))
            if made != count:
                raise RuntimeError(f"{name} wrote {made} thumbnails of {count}")
            walls[name].append(wall)
            cpus[name].append(cpu)
            shutil.rmtree(out)
    shutil.rmtree(inputs)
    ours = walls["ImageCodecs"]
    dimensions = "400x300" if context.smoke else "4000x3000"
    label = f"resize speed: {count} JPEGs of {dimensions} to {SIZE} px, median of {rounds} rounds"
    rows = []
    for peer, command, target in (("ImageMagick", "convert -thumbnail", 1.0), ("vipsthumbnail", "vipsthumbnail -s", 0.5)):
        if peer not in walls:
            rows.append(Row(SECTION, label, f"{count / median(ours):.1f} images/s", f"{command}: not available"))
            continue
        ratios = [theirs / mine for theirs, mine in zip(walls[peer], ours)]
        rows.append(Row(SECTION, label, f"{count / median(ours):.1f} images/s", command,
                        f"{count / median(walls[peer]):.1f} images/s", ratio(median(ratios)), spread(ratios),
                        f">= {target:g}x", median(ratios) >= target,
                        headline="resize speed" if peer == "vipsthumbnail" else None))
    for peer in names[1:]:
        rows.append(Row(SECTION, f"CPU per image (user + system), median of {rounds} rounds",
                        f"{median(cpus['ImageCodecs']) / count * 1000:.1f} ms", peer,
                        f"{median(cpus[peer]) / count * 1000:.1f} ms",
                        ratio(median([mine / theirs for mine, theirs in zip(cpus["ImageCodecs"], cpus[peer])]))))
    return rows
