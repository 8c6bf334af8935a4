/* Compiled single-threaded bottom-up baseline for the benchmarks (not part of the package).
 *
 * One loop over all positions from the full board down, the plain way a contest
 * solution fills the table.  Reads from stdin: n_edges, repeats, then for each edge the
 * two "other edges" masks of its triangles (the second is 1 << n_edges when the edge
 * lies in one triangle only).  Prints: best wall time in seconds, value of the empty
 * board, and the sum of all values (to check it agrees with the package).
 * With one argument, a file name, it also writes the whole value table there: 2**n_edges
 * raw int8 values, position p (bit e-1 set when edge e is drawn) at byte offset p, the
 * layout of the package's table, so that the two can be compared byte for byte
 * (scripts/check_tables.py hashes both with sha256).
 * Build: cc -O2 -o baseline_solver baseline_solver.c
 * Run:   ./baseline_solver [table.bin] < masks.txt
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int n, repeats;
    int64_t first[64], second[64];
    if (scanf("%d %d", &n, &repeats) != 2 || n < 1 || n > 40) return 2;
    for (int e = 0; e < n; e++)
        if (scanf("%lld %lld", (long long *)&first[e], (long long *)&second[e]) != 2) return 2;
    int64_t size = (int64_t)1 << n, full = size - 1;
    int8_t *values = malloc(size);
    if (!values) return 3;
    double best = 1e30;
    for (int r = 0; r < repeats; r++) {
        double start = now();
        for (int64_t p = full; p >= 0; p--) {
            int b = (p == full) ? 0 : -127;
            for (int e = 0; e < n; e++) {
                int64_t bit = (int64_t)1 << e;
                if (p & bit) continue;
                int claimed = ((p & first[e]) == first[e]) + ((p & second[e]) == second[e]);
                int child = values[p | bit];
                int v = claimed ? claimed + child : -child;
                if (v > b) b = v;
            }
            values[p] = (int8_t)b;
        }
        double elapsed = now() - start;
        if (elapsed < best) best = elapsed;
    }
    long long total = 0;
    for (int64_t p = 0; p < size; p++) total += values[p];
    if (argc > 1) {
        FILE *out = fopen(argv[1], "wb");
        if (!out) return 4;
        if (fwrite(values, 1, (size_t)size, out) != (size_t)size || fclose(out) != 0) return 5;
    }
    printf("%.6f %d %lld\n", best, values[0], total);
    free(values);
    return 0;
}
