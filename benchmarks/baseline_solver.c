/* Compiled single-threaded bottom-up baseline for the benchmarks (not part of the package).
 *
 * One loop over all positions from the full board down, the plain way a contest
 * solution fills the table.  Reads from stdin: n_edges, repeats, then for each edge the
 * two "other edges" masks of its triangles (the second is 1 << n_edges when the edge
 * lies in one triangle only).  Prints: best wall time in seconds, value of the empty
 * board, and the sum of all values (to check it agrees with the package).
 * Build: cc -O2 -o baseline_solver baseline_solver.c
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

int main(void) {
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
    printf("%.6f %d %lld\n", best, values[0], total);
    free(values);
    return 0;
}
