// Opens the codec libraries with dlopen and resolves their functions; see include/CImageCodecs.h.
#include "CImageCodecs.h"
#include "Tables.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/// Resolves `count` symbols into `table` (an array of function pointers in the same order).
static int resolve(void *library, const char *soname, const char *const *symbols, size_t count, void **table,
                   char *error, size_t error_size) {
    for (size_t index = 0; index < count; index++) {
        table[index] = dlsym(library, symbols[index]);
        if (table[index] == NULL) {
            snprintf(error, error_size, "%s has no %s", soname, symbols[index]);
            return 0;
        }
    }
    return 1;
}

static const char *const jpeg_symbols[] = {
    "jpeg_std_error", "jpeg_CreateDecompress", "jpeg_destroy_decompress", "jpeg_read_header",
    "jpeg_calc_output_dimensions", "jpeg_start_decompress", "jpeg_read_scanlines", "jpeg_finish_decompress",
    "jpeg_resync_to_restart", "jpeg_CreateCompress", "jpeg_destroy_compress", "jpeg_set_defaults",
    "jpeg_set_quality", "jpeg_start_compress", "jpeg_write_scanlines", "jpeg_finish_compress",
};
static const char *const png_symbols[] = {
    "png_image_begin_read_from_memory", "png_image_finish_read", "png_image_free",
};
static const char *const webp_symbols[] = {
    "WebPGetFeaturesInternal", "WebPDecodeRGBAInto", "WebPDecodeRGBInto",
};
static const char *const zlib_symbols[] = {"compress2", "compressBound"};

const void *cic_load(cic_library library, const char *soname, char *error, size_t error_size) {
    const char *const *symbols;
    size_t count, table_size;
    switch (library) {
    case CIC_LIBJPEG:
        symbols = jpeg_symbols, count = sizeof jpeg_symbols / sizeof *jpeg_symbols;
        table_size = sizeof(struct cic_jpeg_api);
        break;
    case CIC_LIBPNG:
        symbols = png_symbols, count = sizeof png_symbols / sizeof *png_symbols;
        table_size = sizeof(struct cic_png_api);
        break;
    case CIC_LIBWEBP:
        symbols = webp_symbols, count = sizeof webp_symbols / sizeof *webp_symbols;
        table_size = sizeof(struct cic_webp_api);
        break;
    case CIC_ZLIB:
        symbols = zlib_symbols, count = sizeof zlib_symbols / sizeof *zlib_symbols;
        table_size = sizeof(struct cic_zlib_api);
        break;
    default:
        snprintf(error, error_size, "unknown library %d", (int)library);
        return NULL;
    }
    if (table_size != count * sizeof(void *)) {
        snprintf(error, error_size, "internal: the table of %s does not match its symbols", soname);
        return NULL;
    }
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "%s", reason != NULL ? reason : "dlopen failed");
        return NULL;
    }
    void **table = calloc(count, sizeof(void *));
    if (table == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    if (!resolve(handle, soname, symbols, count, table, error, error_size)) {
        free(table);
        dlclose(handle);
        return NULL;
    }
    return table;
}

void cic_free(void *pointer) { free(pointer); }
