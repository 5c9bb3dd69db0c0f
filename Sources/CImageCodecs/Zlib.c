// Deflates through zlib's one-shot compress2; see include/CImageCodecs.h.
#include "CImageCodecs.h"
#include "Tables.h"

size_t cic_zlib_bound(const void *table, size_t size) {
    const struct cic_zlib_api *api = table;
    return (size_t)api->compress_bound((unsigned long)size);
}

cic_status cic_zlib_compress(const void *table, const uint8_t *input, size_t size, uint8_t *output,
                             size_t *output_size, int level) {
    const struct cic_zlib_api *api = table;
    unsigned long length = (unsigned long)*output_size;
    int code = api->compress2(output, &length, input, (unsigned long)size, level);
    if (code != 0) return code == -4 ? CIC_NO_MEMORY : CIC_CORRUPT;  // Z_MEM_ERROR; Z_BUF_ERROR otherwise
    *output_size = (size_t)length;
    return CIC_OK;
}
