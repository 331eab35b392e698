/**
 * Model families for leave-models-out validation: a fold holds out every workload of one family at once, so the
 * sharing parameters are judged on architectures no run of the fit contained (not only on a sibling's batch size).
 * Keyed by timm model name; a model not listed is a family of its own.
 */
export const MODEL_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  "residual convnets": [
    "resnet18",
    "resnet26",
    "resnet34",
    "resnet50",
    "resnet152",
    "wide_resnet50_2",
    "resnext50_32x4d",
    "cspdarknet53",
    "res2net50_26w_4s",
    "seresnext26d_32x4d",
    "nf_resnet50",
    "resnest14d",
    "botnet26t_256",
  ],
  "plain convnets": ["vgg11", "vgg13", "vgg16", "vgg19", "repvgg_a2"],
  "mobile and depthwise": [
    "mobilenetv2_100",
    "mobilenetv3_small_100",
    "mobilenetv3_large_100",
    "ghostnet_100",
    "efficientnet_b0",
    "efficientnet_b2",
    "efficientnetv2_s",
    "mnasnet_100",
    "rexnet_100",
    "mixnet_s",
    "lcnet_100",
    "mobilenetv3_large_075",
    "repvit_m1",
    "ghostnetv2_100",
    "mobileone_s1",
    "convmixer_768_32",
    "convmixer_1536_20",
  ],
  regnets: ["regnetx_016", "regnety_008", "regnetz_b16"],
  "vision transformers": [
    "deit_tiny_patch16_224",
    "vit_base_patch16_224",
    "vit_large_patch16_224",
    "vit_small_patch16_224",
    "cait_xxs24_224",
    "xcit_nano_12_p16_224",
    "pit_ti_224",
  ],
  "hierarchical transformers": [
    "swin_tiny_patch4_window7_224",
    "pvt_v2_b0",
    "levit_128s",
    "mobilevit_s",
    "edgenext_x_small",
    "fastvit_t8",
    "tiny_vit_5m_224",
    "efficientformer_l1",
    "coat_lite_tiny",
    "mobilevitv2_075",
    "efficientvit_m2",
    "volo_d1_224",
    "efficientformerv2_s0",
    "visformer_tiny",
  ],
  convnexts: [
    "convnext_nano",
    "convnext_tiny",
    "convnext_atto",
    "convnextv2_atto",
    "convnext_femto",
    "convnext_pico",
    "convnextv2_femto",
  ],
  "concatenating nets": [
    "densenet121",
    "densenet169",
    "inception_v3",
    "dla34",
    "hrnet_w18_small_v2",
    "ese_vovnet19b_dw",
    "dpn68",
    "selecsls42b",
    "hgnetv2_b0",
  ],
  "mlp mixers": ["mixer_s16_224", "resmlp_12_224", "poolformer_s12", "gmlp_s16_224", "sequencer2d_s"],
};

/** The family a timm model belongs to (its own name when not listed). */
export function familyOf(model: string): string {
  return Object.entries(MODEL_FAMILIES).find(([, models]) => models.includes(model))?.[0] ?? model;
}
