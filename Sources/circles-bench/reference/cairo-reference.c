/* The C + Cairo reference for circles-bench: each workload done the straightforward way.
 *
 *   cairo-reference draw  <scene.txt> <out.png>   one frame of every circle, Cairo's PNG writer
 *   cairo-reference steps <scene.txt> <dir>       the start, then one PNG after adding each
 *                                                 circle, drawing only the new circle
 *   cairo-reference diff  <a.png> <b.png>         decode both with Cairo, count differing pixels
 *   cairo-reference undo  <operations>            a minimal undo stack: register, undo, redo
 *
 * A scene file holds "width height" on its first line, then one circle a line:
 * "x y radius fill-r fill-g fill-b fill-a stroke-r stroke-g stroke-b stroke-a stroke-width".
 */
#include <cairo.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  double x, y, r, width;
  int fill[4], stroke[4];
} circle_t;

static circle_t *read_scene(const char *path, int *w, int *h, int *count) {
  FILE *file = fopen(path, "r");
  if (!file || fscanf(file, "%d %d", w, h) != 2) { fprintf(stderr, "bad scene\n"); exit(2); }
  int capacity = 1024;
  circle_t *circles = malloc(sizeof(circle_t) * capacity);
  *count = 0;
  circle_t c;
  while (fscanf(file, "%lf %lf %lf %d %d %d %d %d %d %d %d %lf", &c.x, &c.y, &c.r, &c.fill[0],
                &c.fill[1], &c.fill[2], &c.fill[3], &c.stroke[0], &c.stroke[1], &c.stroke[2],
                &c.stroke[3], &c.width) == 12) {
    if (*count == capacity) circles = realloc(circles, sizeof(circle_t) * (capacity *= 2));
    circles[(*count)++] = c;
  }
  fclose(file);
  return circles;
}

static void draw_circle(cairo_t *cr, const circle_t *c) {
  cairo_new_path(cr);
  cairo_arc(cr, c->x, c->y, c->r, 0, 2 * 3.141592653589793);
  if (c->fill[3] > 0) {
    cairo_set_source_rgba(cr, c->fill[0] / 255.0, c->fill[1] / 255.0, c->fill[2] / 255.0,
                          c->fill[3] / 255.0);
    cairo_fill_preserve(cr);
  }
  if (c->stroke[3] > 0 && c->width > 0) {
    cairo_set_source_rgba(cr, c->stroke[0] / 255.0, c->stroke[1] / 255.0, c->stroke[2] / 255.0,
                          c->stroke[3] / 255.0);
    cairo_set_line_width(cr, c->width);
    cairo_stroke_preserve(cr);
  }
  cairo_new_path(cr);
}

static cairo_t *start(int w, int h, cairo_surface_t **surface) {
  *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create(*surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  return cr;
}

static int draw(const char *scene, const char *out) {
  int w, h, count;
  circle_t *circles = read_scene(scene, &w, &h, &count);
  cairo_surface_t *surface;
  cairo_t *cr = start(w, h, &surface);
  for (int i = 0; i < count; i++) draw_circle(cr, &circles[i]);
  int status = cairo_surface_write_to_png(surface, out);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  free(circles);
  return status == CAIRO_STATUS_SUCCESS ? 0 : 2;
}

static int steps(const char *scene, const char *dir) {
  int w, h, count;
  circle_t *circles = read_scene(scene, &w, &h, &count);
  cairo_surface_t *surface;
  cairo_t *cr = start(w, h, &surface);
  char path[4096];
  for (int i = 0; i <= count; i++) {
    if (i > 0) draw_circle(cr, &circles[i - 1]);
    cairo_surface_flush(surface);
    snprintf(path, sizeof path, "%s/%04d.png", dir, i);
    if (cairo_surface_write_to_png(surface, path) != CAIRO_STATUS_SUCCESS) return 2;
  }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  free(circles);
  return 0;
}

static int diff(const char *a, const char *b) {
  cairo_surface_t *one = cairo_image_surface_create_from_png(a);
  cairo_surface_t *two = cairo_image_surface_create_from_png(b);
  if (cairo_surface_status(one) || cairo_surface_status(two)) return 2;
  int w = cairo_image_surface_get_width(one), h = cairo_image_surface_get_height(one);
  if (w != cairo_image_surface_get_width(two) || h != cairo_image_surface_get_height(two)) return 1;
  int stride1 = cairo_image_surface_get_stride(one), stride2 = cairo_image_surface_get_stride(two);
  unsigned char *p1 = cairo_image_surface_get_data(one), *p2 = cairo_image_surface_get_data(two);
  long differing = 0;
  for (int y = 0; y < h; y++) {
    const unsigned int *r1 = (const unsigned int *)(p1 + y * stride1);
    const unsigned int *r2 = (const unsigned int *)(p2 + y * stride2);
    for (int x = 0; x < w; x++) differing += r1[x] != r2[x];
  }
  printf("%ld pixels differ\n", differing);
  cairo_surface_destroy(one);
  cairo_surface_destroy(two);
  return differing ? 1 : 0;
}

/* A minimal undo stack: each registration is one step holding a function and its argument;
 * undoing runs it, and what it registers lands on the redo stack (and the reverse). */
typedef struct action { void (*run)(long *, long); long *target; long value; } action_t;
typedef struct { action_t *items; long count, capacity; } stack_t;
static stack_t undo_stack, redo_stack;
static int undoing, redoing;

static void push(stack_t *stack, action_t action) {
  if (stack->count == stack->capacity) {
    stack->capacity = stack->capacity ? stack->capacity * 2 : 64;
    stack->items = realloc(stack->items, sizeof(action_t) * stack->capacity);
  }
  stack->items[stack->count++] = action;
}

static void set_value(long *target, long value);
static void register_undo(long *target, long old) {
  action_t action = {set_value, target, old};
  if (undoing) push(&redo_stack, action);
  else {
    push(&undo_stack, action);
    if (!redoing) redo_stack.count = 0;
  }
}
static void set_value(long *target, long value) {
  long old = *target;
  *target = value;
  register_undo(target, old);
}

static int undo_bench(long operations) {
  long counter = 0, n = operations / 3;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  struct mallinfo2 before = mallinfo2();
  for (long i = 0; i < n; i++) set_value(&counter, i + 1);
  struct mallinfo2 after = mallinfo2();
  for (long i = 0; i < n; i++) {
    action_t a = undo_stack.items[--undo_stack.count];
    undoing = 1; a.run(a.target, a.value); undoing = 0;
  }
  for (long i = 0; i < n; i++) {
    action_t a = redo_stack.items[--redo_stack.count];
    redoing = 1; a.run(a.target, a.value); redoing = 0;
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  /* Seconds for all operations, then bytes of memory per history entry. */
  printf("%.6f %.1f\n", (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9,
         (double)((after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd)) / n);
  return counter == n ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "draw")) return draw(argv[2], argv[3]);
  if (argc == 4 && !strcmp(argv[1], "steps")) return steps(argv[2], argv[3]);
  if (argc == 4 && !strcmp(argv[1], "diff")) return diff(argv[2], argv[3]);
  if (argc == 3 && !strcmp(argv[1], "undo")) return undo_bench(atol(argv[2]));
  fprintf(stderr, "usage: cairo-reference draw|steps|diff|undo ...\n");
  return 2;
}
