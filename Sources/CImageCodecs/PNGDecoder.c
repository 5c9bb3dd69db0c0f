// Decodes PNG through libpng's simplified API (which catches libpng's errors itself); see
// include/CImageCodecs.h.
#include "CImageCodecs.h"
#include "Tables.h"

#include <stdlib.h>
#include <string.h>

struct cic_png_decoder {
    cic_png_image image;
    const struct cic_png_api *api;
    char message[96];
};

/// libpng words a file cut short as a "read beyond end of data" or "Not enough image data".
static cic_status classify(const char *message) {
    if (strstr(message, "end of data") != NULL || strstr(message, "Not enough") != NULL ||
        strstr(message, "too short") != NULL || strstr(message, "unexpected end") != NULL)
        return CIC_TRUNCATED;
    return CIC_CORRUPT;
}

cic_status cic_png_decoder_create(const void *api, const uint8_t *data, size_t size, cic_png_decoder **result,
                                  char *message, size_t message_size) {
    *result = NULL;
    struct cic_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        snprintf(message, message_size, "out of memory");
        return CIC_NO_MEMORY;
    }
    decoder->api = api;
    decoder->image.version = CIC_PNG_IMAGE_VERSION;
    if (!decoder->api->begin_read_from_memory(&decoder->image, data, size)) {
        snprintf(message, message_size, "%s", decoder->image.message);
        cic_status status = classify(decoder->image.message);
        cic_png_decoder_destroy(decoder);
        return status;
    }
    *result = decoder;
    return CIC_OK;
}

void cic_png_decoder_info(const cic_png_decoder *decoder, int *width, int *height, int *has_alpha) {
    *width = (int)decoder->image.width;
    *height = (int)decoder->image.height;
    *has_alpha = (decoder->image.format & CIC_PNG_FORMAT_FLAG_ALPHA) != 0;
}

cic_status cic_png_decoder_read(cic_png_decoder *decoder, uint8_t *pixels, size_t stride, int channels) {
    decoder->image.format = CIC_PNG_FORMAT_FLAG_COLOR | (channels == 4 ? CIC_PNG_FORMAT_FLAG_ALPHA : 0);
    // 16-bit files without gAMA or sRGB are sRGB-encoded in practice, not linear (libpng's
    // default for them), so they keep their tones when reduced to 8 bits.
    decoder->image.flags |= CIC_PNG_IMAGE_FLAG_16BIT_sRGB;
    static const uint8_t white[3] = {255, 255, 255};
    if (!decoder->api->finish_read(&decoder->image, white, pixels, (int32_t)stride, NULL)) {
        snprintf(decoder->message, sizeof decoder->message, "%s", decoder->image.message);
        return classify(decoder->image.message);
    }
    return CIC_OK;
}

const char *cic_png_decoder_message(const cic_png_decoder *decoder) { return decoder->message; }

void cic_png_decoder_destroy(cic_png_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->image.opaque != NULL) decoder->api->image_free(&decoder->image);
    free(decoder);
}
