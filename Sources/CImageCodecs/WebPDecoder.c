// Decodes still WebP through libwebp's simple API into the caller's buffer; see
// include/CImageCodecs.h.
#include "CImageCodecs.h"
#include "Tables.h"

/// libwebp's VP8StatusCode values the shim tells apart.
enum { VP8_STATUS_OK = 0, VP8_STATUS_OUT_OF_MEMORY = 1, VP8_STATUS_UNSUPPORTED_FEATURE = 4,
       VP8_STATUS_NOT_ENOUGH_DATA = 7 };

cic_status cic_webp_info(const void *table, const uint8_t *data, size_t size, int *width, int *height,
                         int *has_alpha, int *has_animation) {
    const struct cic_webp_api *api = table;
    cic_webp_features features = {0};
    switch (api->get_features(data, size, &features, CIC_WEBP_DECODER_ABI_VERSION)) {
    case VP8_STATUS_OK: break;
    case VP8_STATUS_OUT_OF_MEMORY: return CIC_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE: return CIC_UNSUPPORTED;
    case VP8_STATUS_NOT_ENOUGH_DATA: return CIC_TRUNCATED;
    default: return CIC_CORRUPT;
    }
    *width = features.width;
    *height = features.height;
    *has_alpha = features.has_alpha;
    *has_animation = features.has_animation;
    return CIC_OK;
}

cic_status cic_webp_decode(const void *table, const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity,
                           size_t stride, int channels) {
    const struct cic_webp_api *api = table;
    uint8_t *written = channels == 4 ? api->decode_rgba_into(data, size, pixels, capacity, (int)stride)
                                     : api->decode_rgb_into(data, size, pixels, capacity, (int)stride);
    return written != NULL ? CIC_OK : CIC_CORRUPT;
}
